// nvcc's options that shape the device code, and the NVRTC option each becomes: what the user's
// build gives nvcc must reach the tuned kernels, which NVRTC compiles (at the tool's device check
// and at the first launch), or the plain and the tuned build differ without a word (-use_fast_math
// changes numerics, -maxrregcount occupancy). An option NVRTC (CUDA 13.0) has no counterpart of is
// named in a warning at build time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

struct NvrtcOptions {
  std::vector<std::string> options;  // NVRTC's spelling, in the order nvcc got them
  // nvcc's options as written that change the device code and that NVRTC cannot be given.
  std::vector<std::string> without_counterpart;
};

// nvcc's option `name` (either spelling, without `=value`) when it shapes the device code: the
// NVRTC option it becomes (empty when there is none), whether it takes a value, and whether Clang's
// parse takes it too (-D, -U, -I, -isystem). Null for any other option.
struct DeviceOption {
  std::string_view nvrtc;  // "--use_fast_math", or a prefix the value follows ("--ftz=", "-D")
  bool takes_value = false;
  bool for_clang_too = false;
  // No NVRTC option, and none needed: the slice itself does what the option does.
  bool slice_does_it = false;
};
const DeviceOption* device_option(std::string_view name);

// Adds nvcc's `name` with its `value` ("" for an option without one) to `out`. -Xptxas's comma
// list becomes one NVRTC option per item (NVRTC hands each to the assembler whole); -I and
// -isystem directories, made absolute (the first launch runs elsewhere), become --include-path.
void add_nvrtc_option(std::string_view name, const DeviceOption& option, std::string_view value,
                      NvrtcOptions& out);

// NVRTC's option naming an include directory, and the directories the options name, in order.
constexpr std::string_view kIncludePathOption = "--include-path=";
std::vector<std::string> include_directories(const NvrtcOptions& nvrtc);

// Leaves out the include directories the compilers search on their own: the host compiler's
// (`host_dirs`, host_include_dirs.h: host headers, and libstdc++'s stop NVRTC outright) and the
// toolkit's, which NVRTC is given already. A build's -I often names them (CMake's targets for the
// CUDA runtime, zlib, ...). Compared as directories, so a link to one is one.
void leave_out_compilers_directories(NvrtcOptions& nvrtc,
                                     const std::vector<std::string>& host_dirs);

}  // namespace tiletune::tool
