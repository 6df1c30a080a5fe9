#include "emit/launch_code.h"

#include "annotation/search_values.h"
#include "check/default_key.h"
#include "emit/argument_spelling.h"
#include "slice/lambda_closures.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/Basic/SourceManager.h>

#include <cstdio>
#include <optional>

namespace tiletune::tool {
namespace {

constexpr const char* kConfigLambda = "[&](const ::tiletune::Config& tt_cfg)";

// The parameters passed as Constant(...), each after ", ".
std::string constant_indices(const KernelCall& call) {
  std::string out;
  for (std::size_t i = 0; i < call.args.size(); ++i)
    if (call.args[i].constant) out += ", " + std::to_string(i);
  return out;
}

// The kernel's parameter types, spelled so they mean the same at the launch site, when none
// depends on a template parameter; else nullopt. Naming the pointer type this way, rather than as
// decltype(&kernel<...>), names no specialisation that nvcc would then expect this translation
// unit to define, and picks the kernel where a host function shares its name.
std::optional<std::string> printed_pointer_type(const clang::FunctionDecl* kernel,
                                                const CheckedSite* site = nullptr) {
  clang::ASTContext& context = kernel->getASTContext();
  clang::PrintingPolicy policy(context.getLangOpts());
  policy.SuppressUnwrittenScope = true;  // anonymous and inline namespaces
  policy.FullyQualifiedName = true;
  std::string out = "void (*)(";
  for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
    clang::QualType type = kernel->getParamDecl(i)->getType();
    if (type->isDependentType()) return std::nullopt;
    std::optional<std::string> closure = site ? closure_parameter_spelling(*site, i) : std::nullopt;
    out += (i ? ", " : "") + (closure ? *closure
                                      : clang::TypeName::getFullyQualifiedName(
                                            type, context, policy, /*WithGlobalNsPrefix=*/true));
  }
  return out + ")";
}

// Whether the kernel's template, and so every type its signature names, is declared before the
// top-level declaration that holds the site, where the site's declarations go.
bool declared_before_site(const CheckedSite& site) {
  const clang::Decl* outermost = site.kernel->getDescribedFunctionTemplate();
  while (!llvm::isa<clang::TranslationUnitDecl>(outermost->getDeclContext()))
    outermost = llvm::cast<clang::Decl>(outermost->getDeclContext());
  const clang::SourceManager& sm = site.kernel->getASTContext().getSourceManager();
  clang::SourceLocation end = sm.getExpansionRange(outermost->getEndLoc()).getEnd();
  return end.isValid() && sm.isBeforeInTranslationUnit(end, site.site->macro_begin);
}

// A template kernel whose parameter types depend on its template parameters, every one of them
// given at the site (no pack, no template template parameter): the declaration of a host function
// template `name` of the same signature. Else nullopt.
std::optional<std::string> signature_template(const CheckedSite& site, const std::string& name) {
  const clang::FunctionTemplateDecl* pattern = site.kernel->getDescribedFunctionTemplate();
  if (!pattern || printed_pointer_type(site.kernel) || !declared_before_site(site))
    return std::nullopt;
  const clang::TemplateParameterList* parameters = pattern->getTemplateParameters();
  if (site.annotation->call->template_args.size() != parameters->size()) return std::nullopt;
  clang::ASTContext& context = site.kernel->getASTContext();
  clang::PrintingPolicy policy(context.getLangOpts());
  policy.SuppressUnwrittenScope = true;
  policy.FullyQualifiedName = true;
  auto qualified = [&](clang::QualType type) {
    return clang::TypeName::getFullyQualifiedName(type, context, policy,
                                                  /*WithGlobalNsPrefix=*/true);
  };
  std::string head = "template <";
  for (unsigned i = 0; i < parameters->size(); ++i) {
    const clang::NamedDecl* parameter = parameters->getParam(i);
    if (parameter->isParameterPack()) return std::nullopt;
    std::string parameter_name = parameter->getName().empty() ? "tt_unnamed_" + std::to_string(i)
                                                              : parameter->getName().str();
    head += i ? ", " : "";
    if (llvm::isa<clang::TemplateTypeParmDecl>(parameter))
      head += "class " + parameter_name;
    else if (const auto* value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(parameter))
      head += qualified(value->getType()) + " " + parameter_name;
    else
      return std::nullopt;
  }
  std::string types;
  for (unsigned i = 0; i < site.kernel->getNumParams(); ++i)
    types += (i ? ", " : "") + qualified(site.kernel->getParamDecl(i)->getType());
  return head + ">\nstatic void " + name + "(" + types + ");\n";
}

// The kernel's function pointer type, without the Constant(...) parameters.
std::string kernel_pointer_type(const CheckedSite& site, const ExpressionCode& expressions,
                                const std::string& variable) {
  const KernelCall& call = *site.annotation->call;
  const clang::FunctionDecl* resolved = site.instantiation ? site.instantiation->kernel : nullptr;
  std::string type;
  if (!site.instantiation_class.empty()) {
    // Each instantiation's own, from the class template specialised for it.
    type = "typename " + site.instantiation_class + "::kernel";
  } else if (std::optional<std::string> printed = printed_pointer_type(site.kernel)) {
    type = *printed;
  } else if (resolved && !signature_template(site, signature_name(variable))) {
    // The specialisation Clang resolved at the launch, deduced arguments and all, a lambda's
    // closure type named as the annotation writes it.
    type = printed_pointer_type(resolved, &site).value_or("void (*)()");
  } else {
    // Naming a __global__ template's specialisation, even in decltype, makes nvcc expect this
    // translation unit to define it (warning #20280): name the host signature's instead.
    std::string name = signature_name(variable);
    type = "decltype(&" + (signature_template(site, name) ? name : call.callee);
    if (call.has_template_args) {
      type += '<';
      for (std::size_t i = 0; i < call.template_args.size(); ++i)
        type += (i ? ", " : "") + expressions.first_config(call.template_args[i]).text();
      type += '>';
    }
    type += ")";
  }
  std::string dropped = constant_indices(call);
  return dropped.empty() ? type : "::tiletune::without_parameters_t<" + type + dropped + ">";
}

// A Constant(...) argument's exact value is part of the key: each value is its own variant. One
// with `$` names is not: it differs per configuration, and the name expression carries it.
Code key_code(const CheckedSite& site, const ExpressionCode& expressions) {
  std::vector<Code> values = key_values(site, expressions);
  for (const Argument& arg : site.annotation->call->args)
    if (arg.constant && arg.expr.dollars.empty())
      values.push_back(
          Code::list("static_cast<long long>(", {expressions.as_written(arg.expr)}, ")"));
  return Code::list("::tiletune::key(", std::move(values), ")");
}

Code dims_code(const Dims& dims, const ExpressionCode& expressions) {
  std::vector<Code> values;
  for (const Expr& e : dims.exprs) values.push_back(expressions.runtime(e));
  return Code::list("::tiletune::Dim(", std::move(values), ")");
}

Code geometry_code(const Annotation& a, const ExpressionCode& expressions) {
  Code shmem = a.shmem ? Code::list("static_cast<unsigned>(", {expressions.runtime(*a.shmem)}, ")")
                       : Code("0u");
  Code stream = a.stream ? expressions.runtime(*a.stream) : Code("nullptr");
  // Built by a call, not braces: Geometry is an aggregate only from C++14 on, and the site
  // compiles with the user's -std.
  Code geometry = Code::list("::tiletune::geometry(",
                             {dims_code(*a.blocks, expressions), dims_code(*a.threads, expressions),
                              std::move(shmem), std::move(stream)},
                             ")");
  return Code::block(std::string(kConfigLambda) + " -> ::tiletune::Geometry {",
                     {"(void)tt_cfg;", Code::concat({"return ", std::move(geometry), ";"})}, "}");
}

Code buffers_code(const std::vector<Expr>& list, const ExpressionCode& expressions) {
  std::vector<Code> buffers;
  for (std::size_t i = 0; i + 1 < list.size(); i += 2) {
    Code bytes =
        Code::list("static_cast<::std::size_t>(", {expressions.as_written(list[i + 1])}, ")");
    buffers.push_back(Code::list("::tiletune::buffer(",
                                 {expressions.as_written(list[i]), std::move(bytes)}, ")"));
  }
  return Code::list("{", std::move(buffers), "}");
}

// restore / outputs / verify / flush_l2 / measure / search / budget / seed as a lambda the runtime
// calls only when it tunes; none when the annotation asks for none of them.
std::optional<Code> tuning_options_code(const Annotation& a, const ExpressionCode& expressions) {
  std::vector<Code> body{"::tiletune::TuningOptions tt_options;"};
  if (a.restore)
    body.push_back(
        Code::concat({"tt_options.restore = ", buffers_code(*a.restore, expressions), ";"}));
  if (a.outputs)
    body.push_back(
        Code::concat({"tt_options.outputs = ", buffers_code(*a.outputs, expressions), ";"}));
  if (a.verify) {
    const ExprNode* tree = a.verify->tree.get();
    bool const literal = tree && tree->kind == ExprNode::Kind::Literal;
    body.push_back(literal && !tree->value ? "tt_options.verify = false;"
                                           : "tt_options.verify = true;");
    if (!literal)  // a relative tolerance
      body.push_back(Code::concat({Code::list("tt_options.tolerance = static_cast<double>(",
                                              {expressions.as_written(*a.verify)}, ")"),
                                   ";"}));
  }
  if (a.flush_l2 && a.flush_l2->value) body.push_back("tt_options.flush_l2 = true;");
  if (a.measure)
    body.push_back(
        "tt_options.measure = ::tiletune::Measure::" + std::string(trimmed(a.measure->text)) + ";");
  if (a.search)
    body.push_back("tt_options.search.strategy = " +
                   search_strategy_enumerator(trimmed(a.search->text)) + ";");
  if (a.budget) {
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.17g", budget_seconds(a.budget->text).value_or(0));
    body.push_back("tt_options.search.budget_s = " + std::string(seconds) + ";");
  }
  if (a.seed)
    body.push_back("tt_options.search.seed = " + std::to_string(a.seed->tree->value) + "ull;");
  if (body.size() == 1) return std::nullopt;
  body.push_back("return tt_options;");
  return Code::block("[&]() -> ::tiletune::TuningOptions {", std::move(body), "}");
}

// NULL (GCC's __null, a long) or 0 for a pointer parameter: a kernel call converts it to the
// pointer, but the runtime's launch takes each argument with its own type first.
bool null_pointer_argument(const Argument& arg, clang::QualType parameter) {
  if (parameter->isDependentType() || !parameter->isAnyPointerType()) return false;
  llvm::StringRef text = llvm::StringRef(arg.expr.text).trim();
  return text == "NULL" || text == "0" || text == "0L" || text == "__null";
}

// An argument that uses `$` differs per configuration: the runtime evaluates it for each one.
Code argument_code(const Argument& arg, clang::QualType parameter,
                   const ExpressionCode& expressions) {
  if (null_pointer_argument(arg, parameter)) return Code("nullptr");
  if (arg.expr.dollars.empty()) return expressions.runtime(arg.expr);
  Code value = Code::block(std::string(kConfigLambda) + " {",
                           {Code::concat({"return ", expressions.runtime(arg.expr), ";"})}, "}");
  return Code::list("::tiletune::per_config(", {std::move(value)}, ")");
}

}  // namespace

Code launch_key_code(const CheckedSite& site, const ExpressionCode& expressions) {
  return key_code(site, expressions);
}

std::string signature_name(const std::string& variable) { return variable + "_signature"; }

std::optional<std::string> closure_parameter_spelling(const CheckedSite& site, unsigned i) {
  const clang::FunctionDecl* resolved = site.instantiation ? site.instantiation->kernel : nullptr;
  if (resolved == nullptr || i >= resolved->getNumParams()) return std::nullopt;
  clang::QualType type = resolved->getParamDecl(i)->getType().getNonReferenceType();
  const clang::CXXRecordDecl* closure = lambda_closure(type->getAsCXXRecordDecl());
  if (closure == nullptr) return std::nullopt;
  const KernelCall& call = *site.annotation->call;
  if (const clang::TemplateArgumentList* args = resolved->getTemplateSpecializationArgs()) {
    std::vector<clang::TemplateArgument> all = flattened(args->asArray());
    for (std::size_t t = 0; t < call.template_args.size() && t < all.size(); ++t)
      if (all[t].getKind() == clang::TemplateArgument::Type &&
          lambda_closure(all[t].getAsType()->getAsCXXRecordDecl()) == closure &&
          call.template_args[t].dollars.empty())
        return "::std::decay<" + call.template_args[t].text + ">::type";
  }
  if (i >= call.args.size() || !closure_argument_problem(call.args[i]).empty()) return std::nullopt;
  // A lambda written in place: the launch takes the argument's type.
  if (llvm::StringRef(call.args[i].expr.text).trim().starts_with("["))
    return std::string("::tiletune::detail::Deduced");
  return "::std::decay<decltype(" + call.args[i].expr.text + ")>::type";
}

std::string closure_argument_problem(const Argument& arg) {
  if (arg.constant) return "it is passed as Constant(...)";
  if (!arg.expr.dollars.empty()) return "it differs per configuration";
  if (llvm::StringRef(arg.expr.text).trim().starts_with("{"))
    return "it is a braced list, which has no type";
  return "";
}

std::string signature_declaration(const CheckedSite& site, const std::string& variable) {
  return signature_template(site, signature_name(variable)).value_or("");
}

std::vector<Code> key_values(const CheckedSite& site, const ExpressionCode& expressions) {
  const Annotation& a = *site.annotation;
  std::vector<Code> values;
  if (a.key) {
    for (const Expr& e : *a.key) values.push_back(expressions.runtime(e));
    return values;
  }
  const KernelCall& call = *a.call;
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    clang::QualType type = site.kernel->getParamDecl(i)->getType();
    if (call.args[i].constant || call.args[i].defaulted || !call.args[i].expr.dollars.empty())
      continue;
    if (!in_default_key(type)) continue;
    values.push_back(Code::list("::tiletune::bucket(static_cast<long long>(",
                                {expressions.runtime(call.args[i].expr)}, "))"));
  }
  return values;
}

Code launch_code(const CheckedSite& site, const ExpressionCode& expressions,
                 const std::string& variable) {
  return launch_code(site, expressions, variable, Code(variable), key_code(site, expressions));
}

Code launch_code(const CheckedSite& site, const ExpressionCode& expressions,
                 const std::string& variable, Code site_object, Code key) {
  const Annotation& a = *site.annotation;
  std::optional<Code> options = tuning_options_code(a, expressions);
  std::vector<Code> items{std::move(site_object), std::move(key), geometry_code(a, expressions)};
  if (options) items.push_back(std::move(*options));
  for (std::size_t i = 0; i < a.call->args.size(); ++i)
    if (!a.call->args[i].constant)
      items.push_back(
          argument_code(a.call->args[i], site.kernel->getParamDecl(i)->getType(), expressions));
  Code launch = Code::list(options ? "::tiletune::launch_with<" : "::tiletune::launch<",
                           {kernel_pointer_type(site, expressions, variable)}, ">");
  return Code::concat({std::move(launch), Code::list("(", std::move(items), ")")});
}

}  // namespace tiletune::tool
