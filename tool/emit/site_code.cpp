#include "emit/site_code.h"

#include "emit/code_layout.h"
#include "emit/code_writer.h"
#include "emit/expression_code.h"
#include "emit/launch_code.h"
#include "emit/site_id.h"
#include "emit/site_info_code.h"

namespace tiletune::tool {
namespace {

// An opaque space's axis indices, local to the block that launches the site.
constexpr const char* kAxesArray = "tt_axes";

// An opaque space's axis index of each `$name`, once the space exists.
std::optional<Code> axis_indices_code(const ExpressionCode& expressions,
                                      const std::string& variable) {
  if (expressions.dollar_names().empty()) return std::nullopt;
  std::vector<Code> indices;
  for (const std::string& name : expressions.dollar_names())
    indices.push_back(variable + ".info().space.axis_index(" + string_literal(name) + ")");
  return Code::concat({std::string("static const int ") + kAxesArray + "[] = ",
                       Code::list("{", std::move(indices), "}"), ";"});
}

}  // namespace

EmittedSite emit_site(const CheckedSite& site, const std::string& variable,
                      const SiteLocation& where, const std::string& device_source,
                      const std::string& annotation_text) {
  ExpressionCode expressions(site, kAxesArray, where.text_line);
  SiteInfoText info{display_name(where.file), where.line, variable + "_source",
                    site_id(device_source, annotation_text)};
  unsigned const indent = where.column - 1;
  Code launch = launch_code(site, expressions, variable);
  EmittedSite out;
  out.declaration = "static const char " + variable +
                    "_source[] = " + raw_string_literal(device_source) + ";\n" +
                    signature_declaration(site, variable);
  if (site.literal) {
    Code object = Code::concat({"static ::tiletune::Site " + variable + "(",
                                site_info_code(site, expressions, info, false), "());"});
    out.declaration += with_line_directives(lay_out(object, 0), where.line, where.file);
    out.call = with_line_directives(lay_out(launch, indent), where.line, where.file);
    return out;
  }
  // An opaque space may use the launching function's variables: the site is built where the
  // annotation was, the first time it runs (a function-local static), and the axes that `$` names
  // are looked up in it then. Its checks run at the first launch (tiletune::Error at file:line).
  std::vector<Code> statements{
      Code::concat({"static ::tiletune::Site " + variable + "(",
                    site_info_code(site, expressions, info, true), "());"})};
  if (std::optional<Code> axes = axis_indices_code(expressions, variable))
    statements.push_back(std::move(*axes));
  statements.push_back(Code::concat({std::move(launch), ";"}));
  out.call = with_line_directives(
      lay_out(Code::block("[&] {", std::move(statements), "}()"), indent), where.line, where.file);
  return out;
}

}  // namespace tiletune::tool
