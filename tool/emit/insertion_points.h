// Where the rewritten files' generated declarations go: a site's before the declaration at top
// level that holds it; an instantiation's (instantiation_code.h) at the earliest place at top
// level where everything it names is declared, which is before the code that makes the
// instantiation, since that code names the same things. Either is in a file the rewrite writes:
// the main file or a copy of a header (rewritten_headers.h).
#pragma once

#include "emit/rewritten_headers.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <vector>

namespace tiletune::tool {

// Where `d`'s text begins (expansion location): at its first `template <...>`, which for an
// out-of-line member of a class template comes before the member's own template header.
clang::SourceLocation declaration_begin(const clang::Decl* d);

// The declaration at top level of a rewritten file whose text holds `at`, if any.
const clang::Decl* top_level_decl_of(clang::ASTContext& context, const RewrittenHeaders& files,
                                     clang::SourceLocation at);

// Where the specialisation for an instantiation of the template `holder` (a declaration at
// namespace scope) goes, when it names `named` and `instance` is the instantiated function: the
// start of a declaration at top level of a rewritten file (or of an explicit instantiation's
// line), after `holder` and after each of `named` (or the #include that brings it); invalid for
// the end of the main file.
clang::SourceLocation specialisation_point(clang::ASTContext& context,
                                           const RewrittenHeaders& files, const clang::Decl* holder,
                                           const std::vector<const clang::Decl*>& named,
                                           const clang::FunctionDecl* instance);

}  // namespace tiletune::tool
