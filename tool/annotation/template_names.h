// Whether a '<' after a name opens template arguments. C++ decides it by name lookup ([temp.names]:
// `f(a < b, c > d)` passes two comparisons when `a` is a variable, one template-id when it is a
// template), so the parser asks whoever knows the names at the annotation's place: the tool asks
// Clang (preprocess/template_name_lookup.h). The grammar alone decides after `template` and the
// cast keywords.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// The name before a '<' as the annotation writes it: `a::b::c`, `::a`, `x.f`, `p->g`.
struct TemplateNameQuery {
  unsigned offset = 0;             // of the '<' in the annotation's text
  std::vector<std::string> parts;  // {"a", "b", "c"} for a::b::c
  bool global = false;             // written with a leading `::`
  bool member = false;             // after '.' or '->': a member of `object`
  bool arrow = false;              // after '->'
  std::string object;              // the identifier (or `this`) before '.'/'->'; "" when more
};

// true: a template's name, the '<' opens its arguments; false: the '<' compares; nullopt: unknown,
// and the parser's own rule applies (inside template arguments a '<' after a name opens more,
// elsewhere it compares).
using TemplateNames = std::function<std::optional<bool>(const TemplateNameQuery&)>;

}  // namespace tiletune::tool
