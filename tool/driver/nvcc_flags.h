// nvcc's command line as Clang and NVRTC understand it: what nvcc takes and Clang does not (-arch,
// --extended-lambda, -Xcompiler ..., --use_fast_math, ...) is translated or dropped for the parse,
// so the flags a build passes to nvcc can be passed after `--` unchanged, and what shapes the
// device code becomes the tuned kernels' NVRTC options (nvrtc_options.h). Anything else goes to
// Clang as written, so a flag neither knows is still Clang's error.
#pragma once

#include "driver/nvrtc_options.h"

#include <string>
#include <vector>

namespace tiletune::tool {

struct NvccTranslation {
  std::vector<std::string> clang_flags;
  std::string host_compiler;  // -ccbin / --compiler-bindir, empty when not given
  NvrtcOptions nvrtc;         // for every site's kernels, at the device check and the first launch
};

NvccTranslation translate_nvcc_flags(const std::vector<std::string>& nvcc_flags);

// Of a whole nvcc command line (or flags file), what the tool takes: what the parse needs (-I,
// -isystem, -include, -D, -U, -std, -Xcompiler, -ccbin) and what shapes the device code
// (nvrtc_options.h), each with its value. The rest (inputs, outputs, every other option) is
// nvcc's alone, which judges it.
std::vector<std::string> flags_the_tool_takes(const std::vector<std::string>& command);

}  // namespace tiletune::tool
