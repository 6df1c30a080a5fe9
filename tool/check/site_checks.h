// Step 3: check an annotation against itself and against the kernel's declaration. Every problem
// is reported at its column; a site that passes comes out as a CheckedSite the later steps use.
#pragma once

#include "annotation/annotation.h"
#include "diagnostics.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

struct CheckedSite {
  const SiteText* site = nullptr;
  const Annotation* annotation = nullptr;
  const clang::FunctionDecl* kernel = nullptr;  // the definition (a template's pattern)
  bool literal_space = false;
  std::vector<std::string> axes;                // literal spaces only
  std::vector<std::vector<long long>> configs;  // literal spaces only, `where` applied
};

std::optional<CheckedSite> check_site(const SiteText& site, const Annotation& annotation,
                                      clang::ASTContext& context, Reporter& report);

// The keywords of the annotation language, in the order the error message lists them.
const std::vector<std::string>& known_keywords();

}  // namespace tiletune::tool
