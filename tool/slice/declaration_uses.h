// Every declaration a piece of user code names, with where, and in which function: what the
// slice follows to find everything a kernel needs.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/ExprCXX.h>

#include <functional>
#include <vector>

namespace tiletune::tool {

struct Use {
  const clang::Decl* decl;
  clang::SourceLocation at;
  const clang::FunctionDecl* in_function;  // null outside function bodies
  // The overloads a call names before it is resolved (a call whose arguments depend on a template
  // parameter), this use being one of them: which one it calls is decided per instantiation, so
  // this one may never be. Null for a use that is what it names.
  const clang::OverloadExpr* overloads = nullptr;
};

// The uses in `piece`'s text (templates as written, not their instantiations), but for those in
// the declarations inside it that `skipped` leaves out.
std::vector<Use> uses_in(const clang::Decl* piece,
                         const std::function<bool(const clang::Decl*)>& skipped = {});

}  // namespace tiletune::tool
