// The kernel's default arguments for the parameters an annotation's call leaves out. A kernel call
// (`scan<int><<<g, b, s>>>(x, y, n)` for `scan(T* x, T* y, int n, T* partial = NULL)`) passes
// them; the runtime's launch takes every argument, so the tool writes each one into the call, as
// the constant it is. A default argument that is not such a constant (`int n = sizeof(T)`, an
// object) is an error that says to write it in the call.
#pragma once

#include "annotation/annotation.h"
#include "diagnostics/diagnostics.h"

#include <clang/AST/Decl.h>

#include <optional>
#include <vector>

namespace tiletune::tool {

// The arguments for `kernel`'s parameters after the call's last one, each its default argument
// spelled for the launch site (`nullptr`, an integer or floating literal, `true`/`false`, an
// enumerator's value cast to its enumeration), marked `defaulted`; nullopt after reporting a
// default argument the tool cannot spell. Empty when the call gives every argument.
std::optional<std::vector<Argument>> default_arguments(const clang::FunctionDecl* kernel,
                                                       const KernelCall& call,
                                                       SiteReporter& report);

}  // namespace tiletune::tool
