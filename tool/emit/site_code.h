// Step 5: the code that replaces an annotation: a site object (descriptor, space, device source)
// declared at namespace scope, and one call into the runtime where the annotation was.
#pragma once

#include "check/site_checks.h"

#include <string>

namespace tiletune::tool {

struct EmittedSite {
  std::string declaration;  // goes before the top-level declaration that holds the site
  std::string call;         // replaces TILETUNE(...), without the trailing ';'
};

// `variable` names the site object; `file` and `line` are the annotation's, for run-time
// messages; `device_source` is the slice.
EmittedSite emit_site(const CheckedSite& site, const std::string& variable, const std::string& file,
                      unsigned line, const std::string& device_source);

}  // namespace tiletune::tool
