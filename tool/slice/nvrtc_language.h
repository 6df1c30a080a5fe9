// The C++ standard NVRTC compiles a site's slice in: C++17, which the runtime gives NVRTC unless a
// site says otherwise (common/nvrtc), or the file's own where it is later: a C++20 file's kernels
// are C++20 to NVRTC, as to nvcc. A C++11 or C++14 file's kernels are C++17 to NVRTC: the
// libcu++ that slices carry for the standard library (CUDA 13's CCCL) needs C++17, and C++17 takes
// C++11/14 device code as it is but for what it removed (`register`, dynamic exception
// specifications, trigraphs).
#pragma once

#include <string>
#include <vector>

namespace clang {
class LangOptions;
}

namespace tiletune::tool {

// NVRTC's `-std=` for the file's standard ({} for C++17 and before), the first of a site's NVRTC
// options (CheckedSite::nvrtc_options).
std::vector<std::string> nvrtc_language_options(const clang::LangOptions& lang);

}  // namespace tiletune::tool
