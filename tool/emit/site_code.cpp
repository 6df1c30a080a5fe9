#include "emit/site_code.h"

#include "emit/code_layout.h"
#include "emit/expression_code.h"
#include "emit/instantiation_code.h"
#include "emit/launch_code.h"
#include "emit/site_id.h"
#include "emit/site_info_code.h"
#include "source_text/code_writer.h"

namespace tiletune::tool {
namespace {

// An opaque space's axis indices, local to the block that launches the site.
constexpr const char* kAxesArray = "tt_axes";

// An opaque space's key and per-key site, local to the block that launches the site.
constexpr const char* kKeyVariable = "tt_key";
constexpr const char* kKeyedSite = "tt_site";

// The launch of an opaque space's site: the key computed, the key's site found or made from `info`
// (a SiteInfo expression) in the SitesPerKey `variable`, its axis indices named, and launched.
Code per_key_launch(const CheckedSite& site, const ExpressionCode& expressions,
                    const std::string& variable, Code info) {
  std::vector<Code> statements{
      "static ::tiletune::SitesPerKey " + variable + ";",
      Code::concat({std::string("const ::tiletune::Key ") + kKeyVariable + " = ",
                    launch_key_code(site, expressions), ";"}),
      Code::concat({std::string("::tiletune::SitesPerKey::Keyed& ") + kKeyedSite + " = ",
                    Code::list(variable + ".at(", {kKeyVariable, std::move(info)}, ");")})};
  if (!expressions.dollar_names().empty())
    statements.push_back(std::string("const int* const ") + kAxesArray + " = " + kKeyedSite +
                         ".axes.data();");
  statements.push_back(Code::concat(
      {launch_code(site, expressions, variable, std::string(kKeyedSite) + ".site", kKeyVariable),
       ";"}));
  return Code::block("[&] {", std::move(statements), "}()");
}

}  // namespace

EmittedSite emit_site(const CheckedSite& site, const std::string& variable,
                      const SiteLocation& where, const std::string& device_source,
                      const std::string& annotation_text, std::vector<SymbolText> symbols) {
  ExpressionCode expressions(site, kAxesArray, where.text_line);
  // What Clang resolved (deduced arguments, local constants' values and local aliases' types) is
  // part of the kernel tuned.
  bool const resolved = deduces_template_arguments(site) ||
                        (site.instantiation && (!site.instantiation->local_constants.empty() ||
                                                !site.instantiation->local_types.empty()));
  std::string const instantiation = resolved ? name_expression(site, expressions) : "";
  SiteInfoText info{display_name(where.file), where.line, variable + "_source",
                    site_id(device_source, annotation_text, instantiation, site.nvrtc_options),
                    std::move(symbols)};
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
  // An opaque space may use the launching function's variables: it is evaluated where the
  // annotation is, once per key (tiletune::SitesPerKey keeps each key's site, with the index in
  // its space of each `$name`), so a later launch of a key builds nothing. Its checks run at the
  // key's first launch (tiletune::Error at file:line).
  out.call =
      with_line_directives(lay_out(per_key_launch(site, expressions, variable,
                                                  site_info_code(site, expressions, info, true)),
                                   indent),
                           where.line, where.file);
  return out;
}

EmittedSite emit_template_site(const CheckedSite& site, const std::string& variable,
                               const SiteLocation& where, clang::ASTContext& context) {
  ExpressionCode expressions(site, kAxesArray, where.text_line);
  unsigned const indent = where.column - 1;
  EmittedSite out;
  out.declaration = instantiation_class_declaration(*site.launches, variable, context);
  if (site.literal) {
    Code launch =
        launch_code(site, expressions, variable, Code(site.instantiation_class + "::site"),
                    launch_key_code(site, expressions));
    out.call = with_line_directives(lay_out(launch, indent), where.line, where.file);
    return out;
  }
  // An opaque space: per key as in a plain function (emit_site), each instantiation with its own
  // SitesPerKey (a static local of the template's body) and its own SiteInfo.
  Code info = Code::block(
      "[&]() -> ::tiletune::SiteInfo {",
      {"::tiletune::SiteInfo info = " + site.instantiation_class + "::info();",
       Code::concat({"info.space = ", site_space_code(site, expressions), ";"}), "return info;"},
      "}");
  out.call = with_line_directives(
      lay_out(per_key_launch(site, expressions, variable, std::move(info)), indent), where.line,
      where.file);
  return out;
}

std::string emit_instantiation(const CheckedSite& site, const std::string& specialised,
                               const std::string& kernel_type, const std::string& source_array,
                               const SiteLocation& where, const std::string& device_source,
                               const std::string& annotation_text, const std::string& instantiation,
                               std::vector<SymbolText> symbols, const std::string& parameters,
                               const std::vector<std::string>& checks) {
  ExpressionCode expressions(site, kAxesArray, where.text_line);
  std::string const head = "template <" + parameters + ">\n";
  SiteInfoText info{display_name(where.file), where.line, source_array,
                    site_id(device_source, annotation_text, instantiation, site.nvrtc_options),
                    std::move(symbols)};
  std::vector<Code> members{"using kernel = " + kernel_type + ";"};
  for (const std::string& check : checks) members.push_back(check);
  // The site is defined after the class, not as an inline variable in it: the file may be C++11.
  std::string site_definition;
  if (site.literal) {
    members.push_back("static ::tiletune::Site site;");
    Code definition = Code::concat({"::tiletune::Site " + specialised + "::site(",
                                    site_info_code(site, expressions, info, false), "());"});
    // A partial specialisation's static member is defined as a template.
    site_definition = (parameters.empty() ? "" : head) +
                      with_line_directives(lay_out(definition, 0), where.line, where.file);
  } else {
    members.push_back(Code::block("static ::tiletune::SiteInfo info() {",
                                  site_info_fields(site, expressions, info, false), "}"));
  }
  Code specialisation = Code::block("struct " + specialised + " {", std::move(members), "};");
  const clang::Decl* holder = site.launches->namespace_scope;
  return open_namespaces_of(holder) + "namespace {\nstatic const char " + source_array +
         "[] = " + raw_string_literal(device_source) + ";\n" + head +
         with_line_directives(lay_out(specialisation, 0), where.line, where.file) +
         site_definition + "}  // namespace\n" + close_namespaces_of(holder);
}

}  // namespace tiletune::tool
