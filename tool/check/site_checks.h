// Step 3: check an annotation against itself and against the kernel's declaration. Every problem
// is reported at its column; a site that passes comes out as a CheckedSite the later steps use.
#pragma once

#include "annotation/annotation.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>

namespace tiletune::tool {

struct CheckedSite {
  const SiteText* site = nullptr;
  const Annotation* annotation = nullptr;
  const clang::FunctionDecl* kernel = nullptr;  // the definition (a template's pattern)
  std::optional<LiteralSpace> literal;          // a literal space's configurations; none if opaque
};

std::optional<CheckedSite> check_site(const SiteText& site, const Annotation& annotation,
                                      clang::ASTContext& context, Reporter& report);

}  // namespace tiletune::tool
