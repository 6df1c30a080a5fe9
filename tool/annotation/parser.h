// Step 2: parse the annotation language (DESIGN.md, "The annotation language") into its syntax
// tree.
#pragma once

#include "annotation/annotation.h"
#include "annotation/template_names.h"

#include <string>
#include <string_view>
#include <variant>

namespace tiletune::tool {

struct ParseError {
  std::string message;
  Span span;  // where the problem is; begin == end for a point
};

// Parses the text between TILETUNE's parentheses. Errors are syntactic only: unknown or repeated
// keywords, undefined `$` names and the like are found later by the checks, which see the whole
// tree. `template_names` says which names before a '<' are templates (template_names.h).
std::variant<Annotation, ParseError> parse_annotation(std::string_view text,
                                                      const TemplateNames& template_names = {});

}  // namespace tiletune::tool
