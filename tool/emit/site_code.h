// Step 5: the code that replaces an annotation: the device source and, for a literal space, the
// site object at namespace scope; at the annotation, one call into the runtime. Each is laid out
// within kMaxColumns, with #line directives that keep a compiler's messages on the user's file.
#pragma once

#include "check/site_checks.h"
#include "emit/site_info_code.h"

#include <string>
#include <vector>

namespace tiletune::tool {

// Where the annotation is, as the compiler names it.
struct SiteLocation {
  std::string file;
  unsigned line = 0;       // of TILETUNE
  unsigned column = 0;     // of TILETUNE
  unsigned text_line = 0;  // where the annotation's text (after the '(') starts
};

struct EmittedSite {
  std::string declaration;  // goes before the top-level declaration that holds the site
  std::string call;         // replaces TILETUNE(...) from a line of its own: #line, then the call
                            // (no ';') and a newline
};

// `variable` names the site object; `device_source` is the slice; `annotation_text` is the
// annotation between its parentheses (with the slice, the site's identity: site_id.h).
// `symbols` are the variables the kernel shares with host code.
EmittedSite emit_site(const CheckedSite& site, const std::string& variable,
                      const SiteLocation& where, const std::string& device_source,
                      const std::string& annotation_text, std::vector<SymbolText> symbols = {});

// A site in a template (instantiation_code.h): the launch, through the class template
// site.instantiation_class, and that class template's declaration (which goes before the
// declaration at namespace scope that holds the site).
EmittedSite emit_template_site(const CheckedSite& site, const std::string& variable,
                               const SiteLocation& where, clang::ASTContext& context);

// One instantiation's specialisation of that class template, site.instantiation's, with its
// device source in `source_array`: at namespace scope, in the namespaces of the declaration that
// holds the site. `specialised` is instantiation_class_of(), `kernel_type` its kernel's pointer
// type; the SiteInfo's id also covers `instantiation` (what tells this instantiation's launch
// from the others'). `parameters` are a partial specialisation's (closure_parameters()), "" for
// an explicit one, and `checks` static assertions in its body.
std::string emit_instantiation(const CheckedSite& site, const std::string& specialised,
                               const std::string& kernel_type, const std::string& source_array,
                               const SiteLocation& where, const std::string& device_source,
                               const std::string& annotation_text, const std::string& instantiation,
                               std::vector<SymbolText> symbols, const std::string& parameters = "",
                               const std::vector<std::string>& checks = {});

}  // namespace tiletune::tool
