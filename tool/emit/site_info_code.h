// The site's descriptor: a lambda that fills a ::tiletune::SiteInfo field by field and returns it,
// called once where the site object is built.
#pragma once

#include "check/site_checks.h"
#include "emit/code_layout.h"
#include "emit/expression_code.h"

#include <string>
#include <vector>

namespace tiletune::tool {

// A variable the kernel shares with host code (SiteInfo::symbols).
struct SymbolText {
  std::string lowered_name;  // as the module knows it
  std::string expression;    // as host code at global scope names it
  bool copy_back = false;    // a __device__ variable, which the kernel may write
};

struct SiteInfoText {
  std::string file;  // the annotation's file (its name, not its path) and line, for messages
  unsigned line = 0;
  std::string device_source;  // names the array that holds the slice
  std::string id;             // site_id.h: what the results file knows the site by
  std::vector<SymbolText> symbols;
};

// `[] { ::tiletune::SiteInfo info; info.file = ...; ... return info; }`, capturing by reference
// (`[&]`) when `captures` (an opaque space built from the launching function's variables).
// The kernel NVRTC instantiates, `$name` kept for each configuration's value ("vadd<$tile>").
std::string name_expression(const CheckedSite& site, const ExpressionCode& expressions);

// Clang deduced some of the kernel's template arguments at the launch (site.instantiation).
bool deduces_template_arguments(const CheckedSite& site);

Code site_info_code(const CheckedSite& site, const ExpressionCode& expressions,
                    const SiteInfoText& text, bool captures);

// The lambda's statements, from `::tiletune::SiteInfo info;` to `return info;`; without
// `info.space = ...` unless `with_space`.
std::vector<Code> site_info_fields(const CheckedSite& site, const ExpressionCode& expressions,
                                   const SiteInfoText& text, bool with_space);

// The site's space: ::tiletune::Space::cartesian(...), ::list(...), or an opaque expression's.
Code site_space_code(const CheckedSite& site, const ExpressionCode& expressions);

}  // namespace tiletune::tool
