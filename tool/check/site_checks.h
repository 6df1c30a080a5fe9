// Step 3: check an annotation against itself and against the kernel's declaration. Every problem
// is reported at its column; a site that passes comes out as a CheckedSite the later steps use.
#pragma once

#include "annotation/annotation.h"
#include "check/kernel_lookup.h"
#include "check/site_instantiations.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"
#include "preprocess/preprocessor_record.h"
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
  std::optional<LiteralSpace> literal;          // a literal space's configurations; none if opaque
  // What Clang made of the call (site_instantiations.h); null for a site checked without it.
  const SiteLaunches* launches = nullptr;
  // The launch being emitted: a plain function's one launch, or one instantiation of a template;
  // null when Clang resolved none (a template never instantiated here).
  const SiteInstantiation* instantiation = nullptr;
  // In a template: the class template, specialised per instantiation, that holds each one's site
  // and kernel pointer type, as the template's body names it ("tiletune_site_12_3_for<T, F>").
  std::string instantiation_class;
  // NVRTC's options for the site's kernels: the file's standard (nvrtc_language.h), then the
  // user's nvcc flags as NVRTC takes them. SiteInfo::options, the device check and the site's
  // identity all take them.
  std::vector<std::string> nvrtc_options;
  // Once sliced: the kernel the name expression names takes the configuration's launch bounds as
  // its two leading template arguments (slice/launch_bounds_parameters.h).
  bool launch_bounds_arguments = false;
};

std::optional<CheckedSite> check_site(const SiteText& site, const Annotation& annotation,
                                      const SiteLaunches& launches, const LookupIndex& lookup,
                                      const PreprocessorRecord& preprocessor, Reporter& report);

}  // namespace tiletune::tool
