// The C library macros whose host definitions NVRTC cannot compile: glibc spells INFINITY and
// NAN with GCC builtins NVRTC lacks, <float.h> FLT_MAX and <limits.h> INT_MAX with the compiler's
// predefined __FLT_MAX__ and __INT_MAX__, and glibc's assert calls the host's __assert_fail. The
// slice gives the first kinds CUDA's own definitions (math_constants.h's) or their values, takes
// <limits.h>'s and <stdint.h>'s limits from libcu++'s <cuda/std/climits> and <cuda/std/cstdint>
// (which define them for NVRTC, as they define the types: standard_library.h), and leaves assert
// to NVRTC, which defines it for device code with no include.
#pragma once

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceManager.h>

#include <optional>
#include <string>

namespace tiletune::tool {

// How the slice defines the C library macro `name`: a #define of CUDA's definition, "" for one
// NVRTC or a libcu++ header (libcu_header_of_c_macro) defines; nullopt for a macro copied as the
// host defines it.
std::optional<std::string> device_definition_of_c_macro(const std::string& name);

// The libcu++ header that defines the C library macro `name` for NVRTC, if one does.
std::optional<std::string> libcu_header_of_c_macro(const std::string& name);

// `at` is inside the expansion of such a macro, so what the host's definition names there (say
// __assert_fail) never reaches the slice.
bool in_c_macro_with_device_definition(const clang::SourceManager& sm,
                                       const clang::LangOptions& lang, clang::SourceLocation at);

}  // namespace tiletune::tool
