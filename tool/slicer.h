// Step 4: cut out of the translation unit the kernel and every declaration it uses from the
// user's files, as a self-contained source that NVRTC compiles without the user's host code.
#pragma once

#include "diagnostics.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>
#include <string>

namespace tiletune::tool {

// The device source for `kernel`, with #line directives pointing at the user's files; nullopt
// after reporting why when the kernel needs something NVRTC cannot compile.
std::optional<std::string> slice_kernel(const clang::FunctionDecl* kernel,
                                        clang::ASTContext& context, Reporter& report);

}  // namespace tiletune::tool
