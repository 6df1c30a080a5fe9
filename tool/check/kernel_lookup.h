// Finds the kernel an annotation launches among the translation unit's declarations.
#pragma once

#include "check/extent_index.h"

#include <clang/AST/Decl.h>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tiletune::tool {

// What finding a name from a site looks up in the translation unit: its functions by qualified
// name (not members, instantiations or specialisations: a template counts once), gathered in one
// walk at the first lookup, and the namespaces at each scope by place, gathered at the first look
// into that scope. One for all of a file's sites: a walk per site made a file of 2,000
// annotations cost 4,000 walks of the translation unit.
class LookupIndex {
 public:
  explicit LookupIndex(clang::ASTContext& context) : context_(context) {}

  clang::ASTContext& context() const { return context_; }
  // The canonical declarations of that name, in the translation unit's order.
  const std::vector<const clang::FunctionDecl*>& functions_named(
      const std::string& qualified) const;
  // The namespaces declared directly in `scope`, in its order.
  const DeclarationExtents& namespaces_in(const clang::DeclContext* scope) const;

 private:
  using ByName = std::unordered_map<std::string, std::vector<const clang::FunctionDecl*>>;
  clang::ASTContext& context_;
  mutable std::optional<ByName> functions_;
  mutable std::map<const clang::DeclContext*, DeclarationExtents> namespaces_;
};

// The functions (templates or not) that `callee` names when written at `site`: looked up in the
// namespaces enclosing the site, innermost first, as unqualified lookup does (ignoring using
// directives and argument-dependent lookup). Several only when the name is overloaded.
std::vector<const clang::FunctionDecl*> find_functions(const LookupIndex& lookup,
                                                       const std::string& callee,
                                                       clang::SourceLocation site);

// The namespaces that enclose `site`, outermost first, as qualified-name prefixes ("a::b::"),
// starting with "" for the global namespace.
std::vector<std::string> enclosing_namespaces(const LookupIndex& lookup,
                                              clang::SourceLocation site);

// The declaration to slice: the definition if there is one, else the first declaration.
const clang::FunctionDecl* definition_or_first(const clang::FunctionDecl* f);

}  // namespace tiletune::tool
