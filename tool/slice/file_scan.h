// What slicing a kernel reads from the whole translation unit, gathered once for all of a file's
// sites (gathered per site, it made slicing quadratic in the file's annotations): the host code's
// accesses to device variables (symbol_writes.h) and the using-directives at namespace scope in
// the user's files. Each is gathered at its first use.
#pragma once

#include "slice/symbol_writes.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>

#include <map>
#include <optional>
#include <vector>

namespace tiletune::tool {

class FileScan {
 public:
  explicit FileScan(clang::ASTContext& context) : context_(context) {}

  const std::map<const clang::VarDecl*, SymbolAccess>& host_symbol_accesses() const;
  // In the translation unit's order, through the user's namespaces.
  const std::vector<const clang::UsingDirectiveDecl*>& user_using_directives() const;

 private:
  clang::ASTContext& context_;
  mutable std::optional<std::map<const clang::VarDecl*, SymbolAccess>> symbol_accesses_;
  mutable std::optional<std::vector<const clang::UsingDirectiveDecl*>> using_directives_;
};

}  // namespace tiletune::tool
