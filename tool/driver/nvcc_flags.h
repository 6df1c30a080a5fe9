// nvcc's command line as Clang understands it: what nvcc takes and Clang does not (-arch,
// --extended-lambda, -Xcompiler ..., --use_fast_math, ...) is translated or dropped, so the flags a
// build passes to nvcc can be passed after `--` unchanged. Anything else goes to Clang as written,
// so a flag neither knows is still Clang's error.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

struct NvccTranslation {
  std::vector<std::string> clang_flags;
  std::string host_compiler;  // -ccbin / --compiler-bindir, empty when not given
};

NvccTranslation translate_nvcc_flags(const std::vector<std::string>& nvcc_flags);

}  // namespace tiletune::tool
