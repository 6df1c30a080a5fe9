#include "emitter.h"

#include <algorithm>

namespace tiletune::tool {
namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

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
  explicit Writer(const CheckedSite& site) : site_(site), a_(*site.annotation) {}

  // The expression's text with `$name` replaced by `value_of(name)` and cld by tiletune's.
  template <class ValueOf>
  std::string substitute(const Expr& e, const ValueOf& value_of) const {
    struct Edit {
      unsigned begin, end;
      std::string text;
    };
    std::vector<Edit> edits;
    for (const DollarRef& d : e.dollars) edits.push_back({d.span.begin, d.span.end, value_of(d.name)});
    for (const Span& c : e.clds) edits.push_back({c.begin, c.end, "::tiletune::cld"});
    std::sort(edits.begin(), edits.end(), [](const Edit& x, const Edit& y) { return x.begin < y.begin; });
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

  // `$name` in code that runs per configuration: the configuration's value.
  std::string runtime_expr(const Expr& e) const {
    return substitute(e, [&](const std::string& name) {
      return "tt_cfg[" + std::to_string(axis_index(name)) + "]";
    });
  }

  // `$name` at the first configuration: only the kernel's signature depends on it.
  std::string first_config_expr(const Expr& e) const {
    return substitute(e, [&](const std::string& name) {
      return "(" + std::to_string(site_.configs.front()[axis_index(name)]) + ")";
    });
  }

  // `$name` kept, for the runtime to substitute (the NVRTC name expression).
  std::string name_expression() const {
    const KernelCall& call = *a_.call;
    std::string out = call.callee;
    if (call.has_template_args) {
      out += '<';
      for (std::size_t i = 0; i < call.template_args.size(); ++i)
        out += (i ? ", " : "") + substitute(call.template_args[i], [](const std::string& name) {
                 return "$" + name;
               });
      out += '>';
    }
    return out;
  }

  std::string kernel_pointer_type() const {
    const KernelCall& call = *a_.call;
    std::string out = "decltype(&" + call.callee;
    if (call.has_template_args) {
      out += '<';
      for (std::size_t i = 0; i < call.template_args.size(); ++i)
        out += (i ? ", " : "") + first_config_expr(call.template_args[i]);
      out += '>';
    }
    return out + ")";
  }

  std::string dims(const Dims& d) const {
    std::string out = "::tiletune::Dim(";
    for (std::size_t i = 0; i < d.exprs.size(); ++i) out += (i ? ", " : "") + runtime_expr(d.exprs[i]);
    return out + ")";
  }

  std::string geometry() const {
    std::string out = "[&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry { (void)tt_cfg; return {";
    out += dims(*a_.blocks) + ", " + dims(*a_.threads) + ", ";
    out += a_.shmem ? "static_cast<unsigned>(" + runtime_expr(*a_.shmem) + ")" : "0u";
    out += ", ";
    out += a_.stream ? runtime_expr(*a_.stream) : "nullptr";
    return out + "}; }";
  }

  // The default key: every integral argument, bucketed to the next power of two.
  std::string key() const {
    std::vector<std::string> parts;
    if (a_.key) {
      for (const Expr& e : *a_.key) parts.push_back(runtime_expr(e));
    } else {
      const KernelCall& call = *a_.call;
      for (std::size_t i = 0; i < call.args.size(); ++i) {
        clang::QualType type = site_.kernel->getParamDecl(i)->getType();
        if (type->isDependentType() || !type->isIntegralOrEnumerationType()) continue;
        parts.push_back("::tiletune::bucket(static_cast<long long>(" +
                        one_line(call.args[i].expr.text) + "))");
      }
    }
    std::string out = "::tiletune::key(";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out + ")";
  }

  std::string arguments() const {
    std::string out;
    for (const Argument& arg : a_.call->args) out += ", " + one_line(arg.expr.text);
    return out;
  }

  std::string space() const {
    std::string out;
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a_.space)) {
      out = "::tiletune::Space::cartesian({";
      for (std::size_t i = 0; i < cartesian->axes.size(); ++i) {
        const Axis& axis = cartesian->axes[i];
        out += std::string(i ? ", " : "") + "{" + quoted(axis.name) + ", {";
        for (std::size_t v = 0; v < axis.values.size(); ++v)
          out += (v ? ", " : "") + std::to_string(axis.values[v].value) + "ll";
        out += "}}";
      }
      out += "}";
      if (a_.where)
        out += ", [](const ::tiletune::Config& tt_cfg) -> bool { return " + runtime_expr(*a_.where) + "; }";
      return out + ")";
    }
    // A fixed list: the configurations the checks enumerated.
    out = "::tiletune::Space::list({";
    for (std::size_t i = 0; i < site_.axes.size(); ++i) out += (i ? ", " : "") + quoted(site_.axes[i]);
    out += "}, {";
    for (std::size_t c = 0; c < site_.configs.size(); ++c) {
      out += c ? ", {" : "{";
      for (std::size_t v = 0; v < site_.configs[c].size(); ++v)
        out += (v ? ", " : "") + std::to_string(site_.configs[c][v]) + "ll";
      out += "}";
    }
    return out + "})";
  }

  std::string hints() const {
    return "::tiletune::Hints{" + std::to_string(a_.occupancy ? a_.occupancy->value : 0) + ", " +
           std::to_string(a_.num_ctas ? a_.num_ctas->value : 0) + "}";
  }

 private:
  int axis_index(const std::string& name) const {
    auto it = std::find(site_.axes.begin(), site_.axes.end(), name);
    return static_cast<int>(it - site_.axes.begin());
  }

  const CheckedSite& site_;
  const Annotation& a_;
};

}  // namespace

std::string raw_string_literal(const std::string& text) {
  std::string delimiter = "tiletune";
  for (int n = 0; text.find(")" + delimiter + "\"") != std::string::npos; ++n)
    delimiter = "tiletune" + std::to_string(n);
  return "R\"" + delimiter + "(" + text + ")" + delimiter + "\"";
}

EmittedSite emit_site(const CheckedSite& site, const std::string& variable,
                      const std::string& file, unsigned line, const std::string& device_source) {
  Writer w(site);
  const Annotation& a = *site.annotation;
  EmittedSite out;
  out.declaration = "static ::tiletune::Site " + variable + "(::tiletune::SiteInfo{\n    " +
                    quoted(file) + ", " + std::to_string(line) + ", " +
                    quoted(w.name_expression()) + ",\n    " + raw_string_literal(device_source) +
                    ",\n    " + quoted(w.name_expression()) + ",\n    " + w.space() + ",\n    " +
                    w.hints() + ",\n    {}});\n";
  (void)a;
  out.call = "::tiletune::launch<" + w.kernel_pointer_type() + ">(" + variable + ", " + w.key() +
             ", " + w.geometry() + w.arguments() + ")";
  return out;
}

}  // namespace tiletune::tool
