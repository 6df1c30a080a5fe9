#include "emit/site_info_code.h"

#include "emit/argument_spelling.h"
#include "emit/code_layout.h"
#include "emit/launch_code.h"
#include "slice/lambda_closures.h"
#include "slice/slicer.h"
#include "source_text/code_writer.h"

#include <clang/AST/DeclTemplate.h>
#include <tiletune/rules.h>

namespace tiletune::tool {
namespace {

// The kernel's template arguments as Clang resolved them, without trailing ones left to their
// defaults (NVRTC takes those as the call did).
std::vector<clang::TemplateArgument> resolved_arguments(const SiteInstantiation& instance) {
  std::vector<clang::TemplateArgument> all =
      flattened(instance.kernel->getTemplateSpecializationArgs()->asArray());
  while (!all.empty() && all.back().getIsDefaulted()) all.pop_back();
  return all;
}

// The kernel's template arguments, `$name` kept. As written, where Clang resolved nothing or the
// annotation is in a plain function (the function's local constants spelled as values); the
// arguments Clang deduced follow. In a template, those without `$` are spelled as this
// instantiation resolved them, and those with `$` as written with the enclosing templates'
// parameters and local constants spelled.
std::string template_arguments(const CheckedSite& site, const ExpressionCode& expressions) {
  const KernelCall& call = *site.annotation->call;
  std::vector<std::string> args;
  for (const Expr& arg : call.template_args) args.push_back(expressions.with_dollars(arg));
  const SiteInstantiation* instance = site.instantiation;
  const clang::TemplateArgumentList* resolved =
      instance && instance->kernel ? instance->kernel->getTemplateSpecializationArgs() : nullptr;
  if (resolved != nullptr) {
    bool const in_template = site.launches && site.launches->in_template;
    clang::ASTContext& context = site.kernel->getASTContext();
    std::vector<clang::TemplateArgument> all = resolved_arguments(*instance);
    for (std::size_t i = 0; i < all.size(); ++i) {
      bool const written = i < call.template_args.size();
      // A lambda's closure type (`decltype(twice)`) is the slice's struct to NVRTC.
      bool const closure = all[i].getKind() == clang::TemplateArgument::Type &&
                           lambda_closure(all[i].getAsType()->getAsCXXRecordDecl());
      if (written && !in_template && !closure) {
        args[i] = with_local_constants_spelled(args[i], *instance, context);
        continue;
      }
      if (written && !call.template_args[i].dollars.empty()) {
        args[i] = with_parameters_spelled(args[i], *site.launches, *instance, context);
        continue;
      }
      std::string spelled = spell_argument(all[i], context, Spelling::Nvrtc).value_or("?");
      if (written)
        args[i] = spelled;
      else
        args.push_back(spelled);
    }
  }
  std::string out;
  for (std::size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
  return out;
}

bool has_template_arguments(const CheckedSite& site) {
  if (site.annotation->call->has_template_args) return true;
  const SiteInstantiation* instance = site.instantiation;
  return instance && instance->kernel && instance->kernel->getTemplateSpecializationArgs();
}

}  // namespace

bool deduces_template_arguments(const CheckedSite& site) {
  const SiteInstantiation* instance = site.instantiation;
  if (!instance || !instance->kernel || !instance->kernel->getTemplateSpecializationArgs())
    return false;
  return resolved_arguments(*instance).size() > site.annotation->call->template_args.size();
}

namespace {

// The kernel as the annotation writes it, for messages.
std::string kernel_as_written(const CheckedSite& site, const ExpressionCode& expressions) {
  const KernelCall& call = *site.annotation->call;
  if (!has_template_arguments(site)) return call.callee;
  return call.callee + '<' + template_arguments(site, expressions) + '>';
}

}  // namespace

// `$name` kept, for the runtime to substitute (the NVRTC name expression), qualified so NVRTC
// finds the kernel from the global scope. With Constant(...) arguments it names the slice's entry
// kernel, whose leading template arguments are those values: `$#N` is the key's value N, and a
// Constant($...) is its expression with `$name` kept, so each configuration bakes its own value.
// Where the slice's kernel takes the launch bounds, they come first (`$@max_threads`,
// `$@min_blocks`: slice/launch_bounds_parameters.h).
std::string name_expression(const CheckedSite& site, const ExpressionCode& expressions) {
  const KernelCall& call = *site.annotation->call;
  std::vector<std::string> args;
  std::size_t key_index = key_values(site, expressions).size();
  for (const Argument& arg : call.args) {
    if (!arg.constant) continue;
    args.push_back(arg.expr.dollars.empty() ? "$#" + std::to_string(key_index++)
                                            : "(" + expressions.with_dollars(arg.expr) + ")");
  }
  bool const constants = !args.empty();
  if (site.launch_bounds_arguments)
    args.insert(args.begin(), {rules::kMaxThreadsArgument, rules::kMinBlocksArgument});
  if (has_template_arguments(site)) args.push_back(template_arguments(site, expressions));
  std::string out =
      constants ? constant_entry_name(site.kernel) : qualified_kernel_name(site.kernel);
  if (args.empty()) return out;
  out += '<';
  for (std::size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
  return out + '>';
}

namespace {

Code values_code(const std::vector<long long>& values) {
  std::vector<Code> items;
  for (long long v : values) items.push_back(std::to_string(v) + "ll");
  return Code::list("{", std::move(items), "}");
}

Code names_code(const std::vector<std::string>& names) {
  std::vector<Code> items;
  for (const std::string& name : names) items.push_back(string_literal(name));
  return Code::list("{", std::move(items), "}");
}

Code cartesian_code(const CartesianSpace& space, const Annotation& a,
                    const ExpressionCode& expressions) {
  std::vector<Code> axes;
  for (const Axis& axis : space.axes) {
    std::vector<long long> values;
    for (const Value& v : axis.values) values.push_back(v.value);
    axes.push_back(Code::list("{", {string_literal(axis.name), values_code(values)}, "}"));
  }
  std::vector<Code> arguments{Code::list("{", std::move(axes), "}")};
  if (a.where)
    arguments.push_back(Code::block("[](const ::tiletune::Config& tt_cfg) -> bool {",
                                    {Code::concat({"return ", expressions.where(*a.where), ";"})},
                                    "}"));
  return Code::list("::tiletune::Space::cartesian(", std::move(arguments), ")");
}

Code space_code(const CheckedSite& site, const ExpressionCode& expressions) {
  const Annotation& a = *site.annotation;
  if (const auto* opaque = std::get_if<OpaqueSpace>(&*a.space))
    return Code::list("::tiletune::Space(", {expressions.runtime(opaque->expr)}, ")");
  if (const auto* cartesian = std::get_if<CartesianSpace>(&*a.space))
    return cartesian_code(*cartesian, a, expressions);
  // A fixed list: the configurations the checks enumerated.
  std::vector<Code> configs;
  for (const std::vector<long long>& config : site.literal->configs)
    configs.push_back(values_code(config));
  return Code::list("::tiletune::Space::list(",
                    {names_code(site.literal->axes), Code::list("{", std::move(configs), "}")},
                    ")");
}

// `info.symbols = {::tiletune::device_symbol("name", [] { return ::tiletune::symbol_memory(::name,
// "::name"); }, false), ...};`: the function runs in the application, whose CUDA runtime knows
// its copy.
Code symbols_code(const std::vector<SymbolText>& symbols) {
  std::vector<Code> items;
  for (const SymbolText& s : symbols) {
    Code memory = Code::block("[] {",
                              {Code::concat({"return ::tiletune::symbol_memory(", s.expression,
                                             ", ", string_code(s.expression), ");"})},
                              "}");
    items.push_back(Code::list(
        "::tiletune::device_symbol(",
        {string_code(s.lowered_name), std::move(memory), s.copy_back ? "true" : "false"}, ")"));
  }
  return Code::concat({"info.symbols = ", Code::list("{", std::move(items), "}"), ";"});
}

}  // namespace

std::vector<Code> site_info_fields(const CheckedSite& site, const ExpressionCode& expressions,
                                   const SiteInfoText& text, bool with_space) {
  const Annotation& a = *site.annotation;
  std::vector<Code> fields{
      "::tiletune::SiteInfo info;",
      Code::concat({"info.file = ", string_code(text.file), ";"}),
      "info.line = " + std::to_string(text.line) + ";",
      Code::concat({"info.id = ", string_code(text.id), ";"}),
      Code::concat({"info.kernel = ", string_code(kernel_as_written(site, expressions)), ";"}),
      "info.device_source = " + text.device_source + ";",
      Code::concat(
          {"info.name_expression = ", string_code(name_expression(site, expressions)), ";"}),
  };
  if (with_space)
    fields.push_back(Code::concat({"info.space = ", space_code(site, expressions), ";"}));
  if (a.occupancy)
    fields.push_back("info.hints.occupancy = " + std::to_string(a.occupancy->value) + ";");
  if (a.num_ctas)
    fields.push_back("info.hints.num_ctas = " + std::to_string(a.num_ctas->value) + ";");
  if (!site.nvrtc_options.empty())
    fields.push_back(Code::concat({"info.options = ", names_code(site.nvrtc_options), ";"}));
  // Every `$name` the launch uses, for the runtime to check against an opaque space.
  if (!expressions.dollar_names().empty())
    fields.push_back(
        Code::concat({"info.dollar_names = ", names_code(expressions.dollar_names()), ";"}));
  if (!text.symbols.empty()) fields.push_back(symbols_code(text.symbols));
  fields.push_back("return info;");
  return fields;
}

Code site_info_code(const CheckedSite& site, const ExpressionCode& expressions,
                    const SiteInfoText& text, bool captures) {
  // The return type written out: C++11 deduces none for a lambda of more than one statement.
  return Code::block(
      captures ? "[&]() -> ::tiletune::SiteInfo {" : "[]() -> ::tiletune::SiteInfo {",
      site_info_fields(site, expressions, text, true), "}");
}

Code site_space_code(const CheckedSite& site, const ExpressionCode& expressions) {
  return space_code(site, expressions);
}

}  // namespace tiletune::tool
