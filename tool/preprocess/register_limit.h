// nvcc's `__maxnreg__(N)` on a kernel. Clang 22 has no such attribute (the CUDA headers' macro
// expands to one it ignores), so the macro's expansion in the kernel's declaration is what shows
// it. The slice then adds no launch bounds (NVRTC refuses both on one kernel), and an occupancy
// hint, which the compiler meets by limiting registers, conflicts with it.
#pragma once

#include "preprocess/preprocessor_record.h"

#include <clang/AST/Decl.h>

#include <optional>

namespace tiletune::tool {

// Where `kernel` (any of its declarations, before its name) is given __maxnreg__; none if it is
// not.
std::optional<clang::SourceLocation> register_limit(const clang::FunctionDecl* kernel,
                                                    const PreprocessorRecord& preprocessor);

}  // namespace tiletune::tool
