// Front end: one NVRTC run turns the site's device source and one set of compile-time constants
// (expressed in the name expression, e.g. "vadd<128>") into PTX. Runs on the CPU; no GPU needed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct FrontEndInput {
  std::string_view source;      // self-contained device source (with #line directives)
  std::string source_name;      // name NVRTC reports in its log when #line does not override it
  std::string name_expression;  // e.g. "vadd<128>" or "ns::kernel"; instantiated and looked up
  std::vector<std::string> options;  // extra NVRTC options (-D..., -I..., -std=...)
  int arch = 90;                     // compute capability as major*10+minor: PTX for compute_<arch>
  // Machine code for sm_<arch> instead of PTX (NVRTC runs ptxas on the whole program).
  bool cubin = false;
};

struct FrontEndOutput {
  std::string ptx;           // empty when input.cubin
  std::vector<char> cubin;   // only when input.cubin
  int registers = -1;        // of the entry in `cubin`, from ptxas' report in the log
  int spill_bytes = -1;      // likewise
  std::string lowered_name;  // the mangled entry name of name_expression in the PTX
  std::string log;           // NVRTC's log (warnings), possibly empty
};

// Every option NVRTC gets for `input`: tiletune's defaults, then the caller's.
std::vector<std::string> front_end_options(const FrontEndInput& input);

// Throws tiletune::CompileError carrying NVRTC's log when the source does not compile.
FrontEndOutput compile_to_ptx(const FrontEndInput& input);

// Several instantiations of one source in one NVRTC run: the program's fixed cost (starting up,
// parsing the source) is paid once (H200 host, cold: 8 matmul instantiations in one program 252 ms,
// one alone 77 ms). One module holds every kernel; `lowered_names` follows `name_expressions`.
// `input.name_expression` is unused.
struct FrontEndBatchOutput {
  std::string ptx;
  std::vector<char> cubin;  // every kernel in one cubin, when input.cubin
  std::vector<std::string> lowered_names;
  std::vector<int> registers;    // follows lowered_names, when input.cubin
  std::vector<int> spill_bytes;  // likewise
  std::string log;
};

// Throws tiletune::CompileError when any instantiation does not compile: the log then says which.
FrontEndBatchOutput compile_to_ptx(const FrontEndInput& input,
                                   const std::vector<std::string>& name_expressions);

// The one kernel of a batch of one, as compile_to_ptx(input) gives it.
FrontEndOutput only_kernel(FrontEndBatchOutput&& batch);

// NVRTC's version as major*1000 + minor*10 (the CUDA_VERSION convention).
int nvrtc_version();

// The toolkit's include directory given to NVRTC (cuda_fp16.h, cooperative_groups.h, cub, ...):
// $TILETUNE_CUDA_INCLUDE if set, else the one tiletune was built against. NVRTC gets it only where
// it exists.
std::string toolkit_include_dir();

// Tests only: stands for the directory tiletune was built against ("" restores it), so that a test
// can take the path of a machine without the toolkit's headers. Not thread-safe: set it before
// compiling.
void set_toolkit_include_dir_for_testing(std::string directory);

}  // namespace tiletune::detail
