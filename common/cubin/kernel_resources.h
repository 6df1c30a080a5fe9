// What a kernel's machine code needs of the GPU, read from the cubin itself: registers per thread
// and stack (local memory) per thread. The NVRTC front end reads the registers of every kernel it
// builds; the tool's device check holds both against what a block may have on the architecture the
// build targets (tool/devcheck/launch_limits.h); the tuner's cost model reads both and the static
// shared memory (tune/cost_model.h). The tool does not check static shared memory: ptxas refuses a
// kernel with more than a block may have, and from sm_90 on each kernel's `.nv.shared.<name>`
// section also holds the 1 KB the system reserves per block.
//
// The assembler's verbose report is not a reliable source: NVRTC 13 serves a program it has built
// before from the driver's compute cache (~/.nv/ComputeCache) wherever a driver is installed, and
// then hands back the cubin with an empty log. The cubin always records them: its `.nv.info`
// section holds attributes (symbol index, value) per function.
#pragma once

#include <string_view>
#include <vector>

namespace tiletune::detail {

struct KernelResources {
  int registers = -1;    // EIATTR_REGCOUNT
  long long stack = -1;  // bytes per thread: EIATTR_MIN_STACK_SIZE, its callees' included
  // Bytes per block: the size of its `.nv.shared.<entry>` section; 0 where it has none.
  long long static_shared = -1;  // from sm_90 on, with the 1 KB the system reserves per block
};

// The resources of function `entry` in `cubin`; each -1 when the cubin is not ELF64, has no such
// function, or does not record it.
KernelResources kernel_resources(const std::vector<char>& cubin, std::string_view entry);

}  // namespace tiletune::detail
