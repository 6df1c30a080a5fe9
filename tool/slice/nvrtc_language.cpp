#include "slice/nvrtc_language.h"

#include <clang/Basic/LangOptions.h>

namespace tiletune::tool {

std::vector<std::string> nvrtc_language_options(const clang::LangOptions& lang) {
  // NVRTC, like nvcc, goes no further than C++20.
  if (lang.CPlusPlus20) return {"-std=c++20"};
  return {};
}

}  // namespace tiletune::tool
