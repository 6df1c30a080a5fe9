// What one block of a configuration may use on the architectures the device check compiles for
// (sm_75 to sm_121, CUDA 13's range: the limits below are the same on all of them), and why a
// configuration's machine code cannot run within them. A configuration that cannot run passes
// nvcc and NVRTC's front end; the first launch skips it (issue 29).
#pragma once

#include "cubin/kernel_resources.h"

#include <string>
#include <string_view>

namespace tiletune::tool {

// Static shared memory per block: ptxas refuses more ("uses too much shared data"), so a kernel
// past it has no machine code (assembler_refusal says so).
inline constexpr long long kMaxStaticSharedBytes = 48 * 1024;
// 32-bit registers per block; a warp's are allocated in units of kRegisterAllocationUnit.
inline constexpr long long kRegistersPerBlock = 64 * 1024;
inline constexpr long long kRegisterAllocationUnit = 256;
// Local memory (the stack) per thread.
inline constexpr long long kMaxStackBytesPerThread = 512 * 1024;

// Why a kernel whose machine code uses `resources` (a stack, registers), launched in blocks of
// `threads` (0: not known at build time, so registers are not judged), cannot run on sm_<arch>;
// "" when it can.
std::string why_cannot_run(const detail::KernelResources& resources, unsigned threads, int arch);

// Why ptxas refused one instantiation, from NVRTC's log of it alone: what its report shows past a
// limit (static shared memory: ptxas' own error names the kernel mangled and the sizes in hex, and
// NVRTC 13 does not always keep it), else its error line, else the log's first line.
std::string assembler_refusal(std::string_view log, int arch);

}  // namespace tiletune::tool
