// Every declaration a piece of user code names, with where, and in which function: what the
// slice follows to find everything a kernel needs.
#pragma once

#include <clang/AST/Decl.h>

#include <vector>

namespace tiletune::tool {

struct Use {
  const clang::Decl* decl;
  clang::SourceLocation at;
  const clang::FunctionDecl* in_function;  // null outside function bodies
};

// The uses in `piece`'s text (templates as written, not their instantiations).
std::vector<Use> uses_in(const clang::Decl* piece);

}  // namespace tiletune::tool
