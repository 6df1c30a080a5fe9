// Finds the kernel an annotation launches among the translation unit's declarations.
#pragma once

#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace tiletune::tool {

// The functions (templates or not) that `callee` names when written at `site`: looked up in the
// namespaces enclosing the site, innermost first, as unqualified lookup does (ignoring using
// directives and argument-dependent lookup). Several only when the name is overloaded.
std::vector<const clang::FunctionDecl*> find_functions(clang::ASTContext& context,
                                                       const std::string& callee,
                                                       clang::SourceLocation site);

// The namespaces that enclose `site`, outermost first, as qualified-name prefixes ("a::b::"),
// starting with "" for the global namespace.
std::vector<std::string> enclosing_namespaces(clang::ASTContext& context,
                                              clang::SourceLocation site);

// The declaration to slice: the definition if there is one, else the first declaration.
const clang::FunctionDecl* definition_or_first(const clang::FunctionDecl* f);

}  // namespace tiletune::tool
