#include "emit/site_code.h"

#include "annotation/launch_expressions.h"
#include "emit/code_writer.h"
#include "slice/slicer.h"

#include <clang/AST/QualTypeNames.h>

#include <algorithm>
#include <optional>

namespace tiletune::tool {
namespace {

// Collapses the whitespace of multi-line annotation text so the generated call stays on one line.
std::string one_line(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

class Writer {
 public:
  // `variable` names the site object; an opaque space's axis indices are in `variable`_axes.
  Writer(const CheckedSite& site, const std::string& variable)
      : site_(site), a_(*site.annotation), axes_array_(variable + "_axes") {}

  // The expression's text with `$name` replaced by `value_of(name)` and cld by tiletune's.
  template <class ValueOf>
  std::string substitute(const Expr& e, const ValueOf& value_of) const {
    struct Edit {
      unsigned begin, end;
      std::string text;
    };
    std::vector<Edit> edits;
    for (const DollarRef& d : e.dollars)
      edits.push_back({d.span.begin, d.span.end, value_of(d.name)});
    for (const Span& c : e.clds) edits.push_back({c.begin, c.end, "::tiletune::cld"});
    std::sort(edits.begin(), edits.end(),
              [](const Edit& x, const Edit& y) { return x.begin < y.begin; });
    std::string out;
    unsigned at = e.span.begin;
    for (const Edit& edit : edits) {
      out += e.text.substr(at - e.span.begin, edit.begin - at);
      out += edit.text;
      at = edit.end;
    }
    out += e.text.substr(at - e.span.begin);
    return one_line(out);
  }

  // `$name` in code that runs per configuration: the configuration's value. An opaque space's
  // axes are known at run time only: their indices, looked up by name once, are in an array at the
  // site, in the order of dollar_name_list().
  std::string runtime_expr(const Expr& e) const {
    return substitute(e, [&](const std::string& name) {
      if (site_.literal) return "tt_cfg[" + std::to_string(axis_index(name)) + "]";
      std::vector<std::string> names = dollar_name_list();
      auto at = std::find(names.begin(), names.end(), name) - names.begin();
      return "tt_cfg[" + axes_array_ + "[" + std::to_string(at) + "]]";
    });
  }

  // `$name` in the kernel's pointer type, which the checks proved the same for every
  // configuration: the first configuration's value, or for an opaque space (whose values are
  // unknown here) any value, 1.
  std::string first_config_expr(const Expr& e) const {
    return substitute(e, [&](const std::string& name) {
      if (!site_.literal) return std::string("(1)");
      return "(" + std::to_string(site_.literal->configs.front()[axis_index(name)]) + ")";
    });
  }

  // The kernel as the annotation writes it, for messages.
  std::string kernel_as_written() const {
    const KernelCall& call = *a_.call;
    std::string out = call.callee;
    if (call.has_template_args) out += '<' + template_arguments() + '>';
    return out;
  }

  std::string template_arguments() const {
    const KernelCall& call = *a_.call;
    std::string out;
    for (std::size_t i = 0; i < call.template_args.size(); ++i)
      out += (i ? ", " : "") +
             substitute(call.template_args[i], [](const std::string& name) { return "$" + name; });
    return out;
  }

  // `$name` kept, for the runtime to substitute (the NVRTC name expression), qualified so NVRTC
  // finds the kernel from the global scope. With Constant(...) arguments it names the slice's
  // entry kernel, whose leading template arguments are those values: `$#N` is the key's value N.
  std::string name_expression() const {
    const KernelCall& call = *a_.call;
    std::vector<std::string> args;
    std::size_t key_index = key_parts().size();
    for (const Argument& arg : call.args)
      if (arg.constant) args.push_back("$#" + std::to_string(key_index++));
    if (call.has_template_args) args.push_back(template_arguments());
    bool constants = key_index != key_parts().size();
    std::string out =
        constants ? constant_entry_name(site_.kernel) : qualified_kernel_name(site_.kernel);
    if (!constants && !call.has_template_args) return out;
    out += '<';
    for (std::size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + args[i];
    return out + '>';
  }

  // The parameters passed as Constant(...).
  std::string constant_indices() const {
    std::string out;
    for (std::size_t i = 0; i < a_.call->args.size(); ++i)
      if (a_.call->args[i].constant) out += ", " + std::to_string(i);
    return out;
  }

  // A template kernel's parameter types, spelled so they mean the same at the launch site, when
  // none depends on a template parameter; else nullopt. Naming the pointer type this way, rather
  // than as decltype(&kernel<...>), names no specialisation that nvcc would then expect this
  // translation unit to define.
  std::optional<std::string> printed_pointer_type() const {
    const clang::FunctionDecl* kernel = site_.kernel;
    if (!kernel->getDescribedFunctionTemplate()) return std::nullopt;
    clang::ASTContext& context = kernel->getASTContext();
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressUnwrittenScope = true;  // anonymous and inline namespaces
    policy.FullyQualifiedName = true;
    std::string out = "void (*)(";
    for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
      clang::QualType type = kernel->getParamDecl(i)->getType();
      if (type->isDependentType()) return std::nullopt;
      out += (i ? ", " : "") + clang::TypeName::getFullyQualifiedName(type, context, policy,
                                                                      /*WithGlobalNsPrefix=*/true);
    }
    return out + ")";
  }

  std::string kernel_pointer_type() const {
    const KernelCall& call = *a_.call;
    std::string dropped = constant_indices();
    if (std::optional<std::string> printed = printed_pointer_type())
      return dropped.empty() ? *printed
                             : "::tiletune::without_parameters_t<" + *printed + dropped + ">";
    std::string out = "decltype(&" + call.callee;
    if (call.has_template_args) {
      out += '<';
      for (std::size_t i = 0; i < call.template_args.size(); ++i)
        out += (i ? ", " : "") + first_config_expr(call.template_args[i]);
      out += '>';
    }
    out += ")";
    return dropped.empty() ? out : "::tiletune::without_parameters_t<" + out + dropped + ">";
  }

  std::string dims(const Dims& d) const {
    std::string out = "::tiletune::Dim(";
    for (std::size_t i = 0; i < d.exprs.size(); ++i)
      out += (i ? ", " : "") + runtime_expr(d.exprs[i]);
    return out + ")";
  }

  std::string geometry() const {
    std::string out =
        "[&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry { (void)tt_cfg; return {";
    out += dims(*a_.blocks) + ", " + dims(*a_.threads) + ", ";
    out += a_.shmem ? "static_cast<unsigned>(" + runtime_expr(*a_.shmem) + ")" : "0u";
    out += ", ";
    out += a_.stream ? runtime_expr(*a_.stream) : "nullptr";
    return out + "}; }";
  }

  // The default key: every integral argument, bucketed to the next power of two. Constant(...)
  // arguments come after these, exactly (see key()).
  std::vector<std::string> key_parts() const {
    std::vector<std::string> parts;
    if (a_.key) {
      for (const Expr& e : *a_.key) parts.push_back(runtime_expr(e));
    } else {
      const KernelCall& call = *a_.call;
      for (std::size_t i = 0; i < call.args.size(); ++i) {
        clang::QualType type = site_.kernel->getParamDecl(i)->getType();
        if (call.args[i].constant || !call.args[i].expr.dollars.empty()) continue;
        if (type->isDependentType() || !type->isIntegralOrEnumerationType()) continue;
        parts.push_back("::tiletune::bucket(static_cast<long long>(" +
                        runtime_expr(call.args[i].expr) + "))");
      }
    }
    return parts;
  }

  // A Constant(...) argument's exact value is part of the key: each value is its own variant.
  std::string key() const {
    std::vector<std::string> parts = key_parts();
    for (const Argument& arg : a_.call->args)
      if (arg.constant) parts.push_back("static_cast<long long>(" + one_line(arg.expr.text) + ")");
    std::string out = "::tiletune::key(";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out + ")";
  }

  // An argument that uses `$` differs per configuration: the runtime evaluates it for each one.
  std::string arguments() const {
    std::string out;
    for (const Argument& arg : a_.call->args) {
      if (arg.constant) continue;
      if (arg.expr.dollars.empty())
        out += ", " + runtime_expr(arg.expr);
      else
        out += ", ::tiletune::per_config([&](const ::tiletune::Config& tt_cfg) { return " +
               runtime_expr(arg.expr) + "; })";
    }
    return out;
  }

  std::string space() const {
    std::string out;
    if (const auto* opaque = std::get_if<OpaqueSpace>(&*a_.space))
      return "::tiletune::Space(" + runtime_expr(opaque->expr) + ")";
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a_.space)) {
      out = "::tiletune::Space::cartesian({";
      for (std::size_t i = 0; i < cartesian->axes.size(); ++i) {
        const Axis& axis = cartesian->axes[i];
        out += std::string(i ? ", " : "") + "{" + string_literal(axis.name) + ", {";
        for (std::size_t v = 0; v < axis.values.size(); ++v)
          out += (v ? ", " : "") + std::to_string(axis.values[v].value) + "ll";
        out += "}}";
      }
      out += "}";
      if (a_.where)
        out += ", [](const ::tiletune::Config& tt_cfg) -> bool { return " +
               runtime_expr(*a_.where) + "; }";
      return out + ")";
    }
    // A fixed list: the configurations the checks enumerated.
    out = "::tiletune::Space::list({";
    for (std::size_t i = 0; i < site_.literal->axes.size(); ++i)
      out += (i ? ", " : "") + string_literal(site_.literal->axes[i]);
    out += "}, {";
    for (std::size_t c = 0; c < site_.literal->configs.size(); ++c) {
      out += c ? ", {" : "{";
      for (std::size_t v = 0; v < site_.literal->configs[c].size(); ++v)
        out += (v ? ", " : "") + std::to_string(site_.literal->configs[c][v]) + "ll";
      out += "}";
    }
    return out + "})";
  }

  std::string hints() const {
    return "::tiletune::Hints{" + std::to_string(a_.occupancy ? a_.occupancy->value : 0) + ", " +
           std::to_string(a_.num_ctas ? a_.num_ctas->value : 0) + "}";
  }

  // Every `$name` the annotation uses, for the runtime to check against an opaque space.
  std::string dollar_names() const {
    std::vector<std::string> names = dollar_name_list();
    std::string out = "{";
    for (std::size_t i = 0; i < names.size(); ++i)
      out += (i ? ", " : "") + string_literal(names[i]);
    return out + "}";
  }

  // An opaque space's axis index of each `$name`, once the space exists.
  std::string axis_indices(const std::string& variable) const {
    std::vector<std::string> names = dollar_name_list();
    if (names.empty()) return "";
    std::string out = "static const int " + axes_array_ + "[] = {";
    for (std::size_t i = 0; i < names.size(); ++i)
      out +=
          (i ? ", " : "") + variable + ".info().space.axis_index(" + string_literal(names[i]) + ")";
    return out + "}; ";
  }

  std::vector<std::string> dollar_name_list() const {
    std::vector<std::string> names;
    for_each_launch_expression(a_, [&](const Expr& e) {
      for (const DollarRef& d : e.dollars)
        if (std::find(names.begin(), names.end(), d.name) == names.end()) names.push_back(d.name);
    });
    return names;
  }

  // restore / outputs / verify / flush_l2 as a lambda the runtime calls only when it tunes; ""
  // when the annotation asks for none of them.
  std::string tuning_options() const {
    auto buffers = [&](const std::vector<Expr>& list) {
      std::string out = "{";
      for (std::size_t i = 0; i + 1 < list.size(); i += 2)
        out += (i ? ", " : "") + std::string("::tiletune::buffer(") + one_line(list[i].text) +
               ", static_cast<::std::size_t>(" + one_line(list[i + 1].text) + "))";
      return out + "}";
    };
    std::string body;
    if (a_.restore) body += " tt_options.restore = " + buffers(*a_.restore) + ";";
    if (a_.outputs) body += " tt_options.outputs = " + buffers(*a_.outputs) + ";";
    if (a_.verify) {
      const ExprNode* tree = a_.verify->tree.get();
      if (tree && tree->kind == ExprNode::Kind::Literal) {
        body += std::string(" tt_options.verify = ") + (tree->value ? "true;" : "false;");
      } else {  // a relative tolerance
        body += " tt_options.verify = true; tt_options.tolerance = static_cast<double>(" +
                one_line(a_.verify->text) + ");";
      }
    }
    if (a_.flush_l2 && a_.flush_l2->value) body += " tt_options.flush_l2 = true;";
    if (body.empty()) return "";
    return "[&]() -> ::tiletune::TuningOptions { ::tiletune::TuningOptions tt_options;" + body +
           " return tt_options; }";
  }

 private:
  int axis_index(const std::string& name) const {
    auto it = std::find(site_.literal->axes.begin(), site_.literal->axes.end(), name);
    return static_cast<int>(it - site_.literal->axes.begin());
  }

  const CheckedSite& site_;
  const Annotation& a_;
  std::string axes_array_;
};

}  // namespace

EmittedSite emit_site(const CheckedSite& site, const std::string& variable, const std::string& file,
                      unsigned line, const std::string& device_source) {
  Writer w(site, variable);
  std::string options = w.tuning_options();
  std::string launch = (options.empty() ? "::tiletune::launch<" : "::tiletune::launch_with<") +
                       w.kernel_pointer_type() + ">(" + variable + ", " + w.key() + ", " +
                       w.geometry() + (options.empty() ? "" : ", " + options) + w.arguments() + ")";
  EmittedSite out;
  if (site.literal) {
    out.declaration = "static ::tiletune::Site " + variable + "(::tiletune::SiteInfo{\n    " +
                      string_literal(file) + ", " + std::to_string(line) + ", " +
                      string_literal(w.kernel_as_written()) + ",\n    " +
                      raw_string_literal(device_source) + ",\n    " +
                      string_literal(w.name_expression()) + ",\n    " + w.space() + ",\n    " +
                      w.hints() + ",\n    {},\n    " + w.dollar_names() + "});\n";
    out.call = launch;
    return out;
  }
  // An opaque space may use the launching function's variables: the site is built where the
  // annotation was, the first time it runs (a function-local static), and the axes that `$` names
  // are looked up in it then. Its checks run at the first launch (tiletune::Error at file:line).
  out.declaration =
      "static const char " + variable + "_source[] = " + raw_string_literal(device_source) + ";\n";
  out.call = "[&] { static ::tiletune::Site " + variable + "(::tiletune::SiteInfo{" +
             string_literal(file) + ", " + std::to_string(line) + ", " +
             string_literal(w.kernel_as_written()) + ", " + variable + "_source, " +
             string_literal(w.name_expression()) + ", " + w.space() + ", " + w.hints() + ", {}, " +
             w.dollar_names() + "}); " + w.axis_indices(variable) + launch + "; }()";
  return out;
}

}  // namespace tiletune::tool
