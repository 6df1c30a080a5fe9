#include "check/site_checks.h"

#include "annotation/evaluate.h"
#include "check/kernel_lookup.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace tiletune::tool {

const std::vector<std::string>& known_keywords() {
  static const std::vector<std::string> keywords = {
      "space",     "where",    "key",     "blocks",  "threads", "shmem",   "stream",
      "occupancy", "num_ctas", "restore", "outputs", "verify",  "flush_l2"};
  return keywords;
}

namespace {

// A literal space bigger than this is refused before it is enumerated.
constexpr std::size_t kMaxLiteralConfigurations = 1u << 20;
constexpr std::size_t kLargeSpaceWarning = 64;
// tiletune::Config::kMaxAxes and tiletune::Key::kMaxValues (include/tiletune).
constexpr std::size_t kMaxAxes = 8;
constexpr std::size_t kMaxKeyValues = 8;

// The indices of the template parameters (at `depth`) that a parameter's written type names.
class TemplateParameterUses : public clang::RecursiveASTVisitor<TemplateParameterUses> {
 public:
  explicit TemplateParameterUses(unsigned depth) : depth_(depth) {}

  bool VisitTemplateTypeParmType(clang::TemplateTypeParmType* t) {
    if (t->getDepth() == depth_) found.insert(t->getIndex());
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* p = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(e->getDecl()))
      if (p->getDepth() == depth_) found.insert(p->getIndex());
    return true;
  }
  bool VisitTemplateName(clang::TemplateName name) {
    if (const auto* p =
            llvm::dyn_cast_or_null<clang::TemplateTemplateParmDecl>(name.getAsTemplateDecl()))
      if (p->getDepth() == depth_) found.insert(p->getIndex());
    return true;
  }

  std::set<unsigned> found;

 private:
  unsigned depth_;
};

std::set<unsigned> template_parameters_in(const clang::ParmVarDecl* param, unsigned depth) {
  TemplateParameterUses uses(depth);
  if (const clang::TypeSourceInfo* written = param->getTypeSourceInfo())
    uses.TraverseTypeLoc(written->getTypeLoc());
  else
    uses.TraverseType(param->getType());
  return uses.found;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string nearest(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, name.size() / 2) + 1;
  for (const std::string& c : candidates) {
    std::size_t d = edit_distance(name, c);
    if (d < best_distance) best_distance = d, best = c;
  }
  return best;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

bool is_power_of_two_up_to_16(long long v) {
  return v == 1 || v == 2 || v == 4 || v == 8 || v == 16;
}

class Checker {
 public:
  Checker(const SiteText& site, const Annotation& a, clang::ASTContext& context, Reporter& report)
      : site_(site), a_(a), context_(context), report_(report) {}

  std::optional<CheckedSite> run() {
    unsigned errors_before = report_.errors();
    check_keywords();
    check_space();
    check_hints();
    check_dollars();
    check_where();
    check_measurement_options();
    check_kernel();
    if (report_.errors() != errors_before) return std::nullopt;
    return result_;
  }

 private:
  void error(Span span, const std::string& message) { report_.error(site_, span, message); }
  void note_at(Span span, const std::string& message) {
    report_.note(Reporter::at(site_, span.begin), message);
  }

  void check_keywords() {
    std::map<std::string, const KeywordUse*> first;
    for (const KeywordUse& k : a_.keywords) {
      const auto& known = known_keywords();
      if (std::find(known.begin(), known.end(), k.name) == known.end()) {
        std::string hint = nearest(k.name, known);
        error(k.name_span, "unknown keyword '" + k.name + "'" +
                               (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                               " (valid keywords: " + join(known) + ")");
        continue;
      }
      auto [it, inserted] = first.emplace(k.name, &k);
      if (!inserted) {
        error(k.name_span, "keyword '" + k.name + "' is given more than once");
        note_at(it->second->name_span, "first given here");
      }
    }
    if (!a_.space)
      error({0, 0},
            "missing 'space': the annotation must say what to tune, e.g. "
            "space = (tile = (64, 128, 256))");
    // Without them there is no launch to make: the runtime has no default grid or block.
    Span const call = a_.call ? a_.call->callee_span : Span{};
    if (!a_.blocks)
      error(call,
            "missing 'blocks': the annotation must give the grid, e.g. blocks = cld(n, $tile)");
    if (!a_.threads)
      error(call,
            "missing 'threads': the annotation must give the block size, e.g. "
            "threads = $tile");
  }

  // Axes and configurations of a literal space; duplicates and empty axes are errors.
  void check_space() {
    if (!a_.space) return;
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a_.space)) {
      result_.literal_space = true;
      std::size_t product = 1;
      std::map<std::string, const Axis*> names;
      for (const Axis& axis : cartesian->axes) {
        if (auto [it, inserted] = names.emplace(axis.name, &axis); !inserted) {
          error(axis.name_span, "axis '" + axis.name + "' is defined more than once");
          note_at(it->second->name_span, "first defined here");
        }
        if (axis.values.empty()) error(axis.span, "axis '" + axis.name + "' has no values");
        for (std::size_t i = 0; i < axis.values.size(); ++i)
          for (std::size_t j = 0; j < i; ++j)
            if (axis.values[i].value == axis.values[j].value) {
              error(axis.values[i].span, "value " + std::to_string(axis.values[i].value) +
                                             " appears twice in axis '" + axis.name +
                                             "': every configuration would repeat");
              break;
            }
        result_.axes.push_back(axis.name);
        product *= std::max<std::size_t>(1, axis.values.size());
        if (product > kMaxLiteralConfigurations) {
          error(cartesian->span, "the space has more than " +
                                     std::to_string(kMaxLiteralConfigurations) + " configurations");
          return;
        }
      }
      if (cartesian->axes.empty()) error(cartesian->span, "the space has no axes");
      check_axis_count(cartesian->axes);
      enumerate(*cartesian);
    } else if (const auto* list = std::get_if<ListSpace>(&*a_.space)) {
      result_.literal_space = true;
      if (list->entries.empty()) {
        error(list->span, "the list of configurations is empty");
        return;
      }
      for (const Axis& field : list->entries.front().fields) result_.axes.push_back(field.name);
      check_axis_count(list->entries.front().fields);
      std::map<std::vector<long long>, const ListEntry*> seen;
      for (const ListEntry& entry : list->entries) {
        std::vector<std::string> names;
        std::vector<long long> values;
        for (const Axis& field : entry.fields) {
          names.push_back(field.name);
          values.push_back(field.values.empty() ? 0 : field.values.front().value);
        }
        if (names != result_.axes) {
          error(entry.span, "this configuration names the axes (" + join(names) +
                                ") but the first names (" + join(result_.axes) +
                                "): every entry of a list must name the same axes, in order");
          continue;
        }
        if (auto [it, inserted] = seen.emplace(values, &entry); !inserted) {
          error(entry.span, "this configuration repeats an earlier one");
          note_at(it->second->span, "first listed here");
          continue;
        }
        result_.configs.push_back(values);
      }
      std::set<std::string> unique(result_.axes.begin(), result_.axes.end());
      if (unique.size() != result_.axes.size())
        error(list->entries.front().span, "an axis is named more than once in this configuration");
    }
  }

  // A configuration holds at most tiletune::Config::kMaxAxes values.
  void check_axis_count(const std::vector<Axis>& axes) {
    if (axes.size() <= kMaxAxes) return;
    error(axes[kMaxAxes].name_span, "the space has " + std::to_string(axes.size()) +
                                        " axes; a configuration holds at most " +
                                        std::to_string(kMaxAxes));
  }

  void enumerate(const CartesianSpace& space) {
    std::vector<std::vector<long long>> configs(1);
    for (const Axis& axis : space.axes) {
      std::vector<std::vector<long long>> next;
      for (const auto& prefix : configs)
        for (const Value& v : axis.values) {
          next.push_back(prefix);
          next.back().push_back(v.value);
        }
      configs = std::move(next);
    }
    result_.configs = std::move(configs);
  }

  const Axis* axis_named(const std::string& name) const {
    if (!a_.space) return nullptr;
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a_.space)) {
      for (const Axis& axis : cartesian->axes)
        if (axis.name == name) return &axis;
    } else if (const auto* list = std::get_if<ListSpace>(&*a_.space)) {
      if (!list->entries.empty())
        for (const Axis& field : list->entries.front().fields)
          if (field.name == name) return &field;
    }
    return nullptr;
  }

  // Every value an axis takes, with where each is written.
  std::vector<Value> axis_values(const std::string& name) const {
    std::vector<Value> out;
    if (!a_.space) return out;
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a_.space)) {
      for (const Axis& axis : cartesian->axes)
        if (axis.name == name) out = axis.values;
    } else if (const auto* list = std::get_if<ListSpace>(&*a_.space)) {
      for (const ListEntry& entry : list->entries)
        for (const Axis& field : entry.fields)
          if (field.name == name) out.insert(out.end(), field.values.begin(), field.values.end());
    }
    return out;
  }

  void check_hint_value(const std::string& hint, const Value& v) {
    if (hint == "occupancy" && v.value < 1)
      error(v.span,
            "occupancy must be at least 1 (the least number of blocks per "
            "multiprocessor), not " +
                std::to_string(v.value));
    if (hint == "num_ctas" && !is_power_of_two_up_to_16(v.value))
      error(v.span, "num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not " +
                        std::to_string(v.value));
  }

  void check_hints() {
    for (const char* hint : {"occupancy", "num_ctas"}) {
      const std::optional<Value>& fixed =
          std::string(hint) == "occupancy" ? a_.occupancy : a_.num_ctas;
      if (fixed) check_hint_value(hint, *fixed);
      for (const Value& v : axis_values(hint)) check_hint_value(hint, v);
      if (fixed) {
        if (const Axis* axis = axis_named(hint)) {
          error(fixed->span, std::string("static hint '") + hint +
                                 "' conflicts with the space's axis of the same name");
          note_at(axis->name_span, std::string("axis '") + hint + "' defined here");
        }
      }
    }
  }

  template <class F>
  void for_each_expr(F&& f) const {
    auto dims = [&](const std::optional<Dims>& d) {
      if (d)
        for (const Expr& e : d->exprs) f(e);
    };
    if (a_.where) f(*a_.where);
    if (a_.key)
      for (const Expr& e : *a_.key) f(e);
    dims(a_.blocks);
    dims(a_.threads);
    if (a_.shmem) f(*a_.shmem);
    if (a_.stream) f(*a_.stream);
    if (a_.call) {
      for (const Expr& e : a_.call->template_args) f(e);
      for (const Argument& arg : a_.call->args) f(arg.expr);
    }
  }

  // `$name` only means something where a configuration is known: not in the opaque space's own
  // expression (it defines the axes), not in the key or a Constant(...) argument (both computed
  // before a configuration is chosen: they say which tuning to use).
  void check_dollar_positions() {
    auto refuse = [&](const Expr& e, const std::string& why) {
      for (const DollarRef& d : e.dollars) error(d.span, "'$" + d.name + "' cannot appear " + why);
    };
    if (a_.space)
      if (const auto* opaque = std::get_if<OpaqueSpace>(&*a_.space))
        refuse(opaque->expr, "in 'space': the space defines the axes that '$' names");
    if (a_.key)
      for (const Expr& e : *a_.key)
        refuse(e, "in 'key': the key is computed before a configuration is chosen");
    if (a_.call)
      for (const Argument& arg : a_.call->args)
        if (arg.constant)
          refuse(arg.expr,
                 "in Constant(...): its value is part of the key, computed before a "
                 "configuration is chosen; pass it as a template argument instead");
  }

  void check_dollars() {
    check_dollar_positions();
    if (!result_.literal_space) return;  // an opaque space's names are checked at run time
    for_each_expr([&](const Expr& e) {
      for (const DollarRef& d : e.dollars) {
        if (std::find(result_.axes.begin(), result_.axes.end(), d.name) != result_.axes.end())
          continue;
        std::string hint = nearest(d.name, result_.axes);
        error(d.span, "'$" + d.name + "' names no axis of the space" +
                          (hint.empty() ? "" : "; did you mean '$" + hint + "'?"));
      }
    });
  }

  void check_where() {
    if (!a_.where) return;
    const Expr& where = *a_.where;
    if (!result_.literal_space) {
      error(where.span,
            "'where' constrains a literal space; an opaque space takes its "
            "constraint in tiletune::Space::cartesian(axes, constraint)");
      return;
    }
    if (!where.tree) {
      error(where.span,
            "'where' must be an expression over '$' names and integer literals "
            "(arithmetic, comparison, &&, ||, !), evaluated at build time");
      return;
    }
    if (report_.errors() != 0) return;
    std::vector<std::vector<long long>> kept;
    for (const auto& config : result_.configs) {
      std::optional<long long> v = evaluate(*where.tree, result_.axes, config);
      if (!v) {
        error(where.span, "'where' cannot be evaluated for " + describe(config) +
                              " (division by zero or overflow)");
        return;
      }
      if (*v) kept.push_back(config);
    }
    if (kept.empty())
      error(where.span, "'where' leaves the space empty: it removes all " +
                            std::to_string(result_.configs.size()) + " configurations");
    result_.configs = std::move(kept);
  }

  // restore / outputs / verify / flush_l2: what tuning does around its trial launches. The buffers
  // are the same for every configuration, so `$` has no meaning in them.
  void check_measurement_options() {
    auto no_dollars = [&](const Expr& e, const char* keyword) {
      for (const DollarRef& d : e.dollars)
        error(d.span, "'$" + d.name + "' cannot appear in '" + keyword +
                          "': the buffers are the same for every configuration");
    };
    auto buffers = [&](const std::optional<std::vector<Expr>>& list, const char* keyword) {
      if (!list) return;
      for (const Expr& e : *list) no_dollars(e, keyword);
      if (list->size() % 2 != 0)
        error(list->back().span, std::string("'") + keyword +
                                     "' takes pairs (pointer, bytes, pointer, bytes, ...); this "
                                     "pointer has no byte count");
    };
    buffers(a_.restore, "restore");
    buffers(a_.outputs, "outputs");
    bool verifying = false;
    if (a_.verify) {
      no_dollars(*a_.verify, "verify");
      const ExprNode* tree = a_.verify->tree.get();
      verifying = !(tree && tree->kind == ExprNode::Kind::Literal && tree->value == 0);
      if (verifying && !a_.restore && !a_.outputs)
        error(a_.verify->span,
              "'verify' compares each configuration's outputs with the first's: "
              "name them with outputs = (pointer, bytes, ...) or restore = (...)");
    }
    if (a_.outputs && !verifying)
      error(keyword_span("outputs"),
            "'outputs' are only compared under 'verify': add verify = "
            "true (or a relative tolerance such as verify = 1e-5)");
    if (a_.flush_l2 && a_.flush_l2->value != 0 && a_.flush_l2->value != 1)
      error(a_.flush_l2->span,
            "'flush_l2' is true or false, not " + std::to_string(a_.flush_l2->value));
  }

  Span keyword_span(const std::string& name) const {
    for (const KeywordUse& k : a_.keywords)
      if (k.name == name) return k.name_span;
    return {};
  }

  std::string describe(const std::vector<long long>& config) const {
    std::string out;
    for (std::size_t i = 0; i < config.size() && i < result_.axes.size(); ++i)
      out += (i ? " " : "") + result_.axes[i] + "=" + std::to_string(config[i]);
    return out;
  }

  void check_kernel() {
    if (!a_.call) return;
    const KernelCall& call = *a_.call;
    std::vector<const clang::FunctionDecl*> found =
        find_functions(context_, call.callee, site_.macro_begin);
    if (found.empty()) {
      error(call.callee_span, "no function named '" + call.callee + "' in this translation unit");
      return;
    }
    // A host wrapper often shares the kernel's name: the launch can only mean the __global__ one.
    if (found.size() > 1) {
      std::vector<const clang::FunctionDecl*> kernels;
      for (const clang::FunctionDecl* f : found)
        if (definition_or_first(f)->hasAttr<clang::CUDAGlobalAttr>()) kernels.push_back(f);
      if (kernels.size() == 1) found = kernels;
    }
    if (found.size() > 1) {
      error(call.callee_span, "'" + call.callee + "' names " + std::to_string(found.size()) +
                                  " functions; tiletune needs exactly one kernel of that name");
      for (const clang::FunctionDecl* f : found) report_.note(f->getLocation(), "candidate here");
      return;
    }
    const clang::FunctionDecl* kernel = definition_or_first(found.front());
    result_.kernel = kernel;
    if (!kernel->hasAttr<clang::CUDAGlobalAttr>()) {
      error(call.callee_span, "'" + call.callee + "' is not a __global__ kernel");
      report_.note(kernel->getLocation(), "declared here without __global__");
      return;
    }
    check_template_args(kernel, call);
    if (kernel->getNumParams() != call.args.size()) {
      error(call.span, "'" + call.callee + "' takes " + std::to_string(kernel->getNumParams()) +
                           " argument" + (kernel->getNumParams() == 1 ? "" : "s") + ", but " +
                           std::to_string(call.args.size()) + " " +
                           (call.args.size() == 1 ? "is" : "are") + " given");
      report_.note(kernel->getLocation(), "kernel declared here");
      return;
    }
    for (std::size_t i = 0; i < call.args.size(); ++i) {
      const Argument& arg = call.args[i];
      if (!arg.constant) continue;
      clang::QualType type = kernel->getParamDecl(i)->getType();
      if (!type->isDependentType() && !type->isIntegralOrEnumerationType()) {
        error(arg.span, "Constant(...) needs a parameter of integral or enum type; parameter '" +
                            kernel->getParamDecl(i)->getNameAsString() + "' is '" +
                            type.getAsString() + "'");
        report_.note(kernel->getParamDecl(i)->getLocation(), "parameter declared here");
      }
    }
    check_key_size(kernel, call);
    check_parameter_types(kernel, call);
    check_launch_bounds(kernel);
    check_cluster_dims(kernel);
    if (result_.literal_space && result_.configs.size() > kLargeSpaceWarning)
      report_.warning(site_, a_.space ? space_span() : Span{},
                      "the space has " + std::to_string(result_.configs.size()) +
                          " configurations: the first launch compiles and times every one");
  }

  Span space_span() const {
    for (const KeywordUse& k : a_.keywords)
      if (k.name == "space") return k.value_span;
    return {};
  }

  // A key holds at most tiletune::Key::kMaxValues values: the written ones, or by default every
  // integral argument that is the same for every configuration, then each Constant(...).
  void check_key_size(const clang::FunctionDecl* kernel, const KernelCall& call) {
    std::size_t constants = 0;
    std::size_t integral = 0;
    for (std::size_t i = 0; i < call.args.size(); ++i) {
      if (call.args[i].constant) {
        ++constants;
        continue;
      }
      clang::QualType type = kernel->getParamDecl(i)->getType();
      if (call.args[i].expr.dollars.empty() && !type->isDependentType() &&
          type->isIntegralOrEnumerationType())
        ++integral;
    }
    if (a_.key) {
      if (a_.key->size() + constants > kMaxKeyValues)
        error(a_.key->size() > kMaxKeyValues ? (*a_.key)[kMaxKeyValues].span : keyword_span("key"),
              "the key has " + std::to_string(a_.key->size() + constants) +
                  " values (Constant(...) arguments included); it holds at most " +
                  std::to_string(kMaxKeyValues));
    } else if (integral + constants > kMaxKeyValues) {
      error(call.callee_span, "the default key would take " + std::to_string(integral + constants) +
                                  " integral and Constant(...) arguments; it holds at most " +
                                  std::to_string(kMaxKeyValues) +
                                  ": say what the tuning depends on with key = (...)");
    }
  }

  // The launch converts the arguments to the kernel's parameter types once, whatever the
  // configuration: a parameter type may not depend on a template parameter that takes a `$` value.
  void check_parameter_types(const clang::FunctionDecl* kernel, const KernelCall& call) {
    const clang::FunctionTemplateDecl* tmpl = kernel->getDescribedFunctionTemplate();
    if (!tmpl) return;
    const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
    std::vector<const Expr*> bound(params->size(), nullptr);  // the `$` argument each one takes
    for (std::size_t i = 0; i < call.template_args.size(); ++i) {
      if (call.template_args[i].dollars.empty() || params->size() == 0) continue;
      std::size_t p =
          std::min<std::size_t>(i, params->size() - 1);  // the rest go to a trailing pack
      if (!bound[p]) bound[p] = &call.template_args[i];
    }
    for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
      const clang::ParmVarDecl* param = kernel->getParamDecl(i);
      if (!param->getType()->isDependentType()) continue;
      for (unsigned p : template_parameters_in(param, params->getDepth())) {
        if (p >= bound.size() || !bound[p]) continue;
        error(bound[p]->span,
              "'" + call.callee + "' has parameter '" + param->getNameAsString() + "' of type '" +
                  param->getType().getAsString() + "', which depends on template parameter '" +
                  params->getParam(p)->getNameAsString() +
                  "': its argument may not use '$', since the arguments are converted once for "
                  "every configuration");
        report_.note(param->getLocation(), "parameter declared here");
        return;
      }
    }
  }

  void check_template_args(const clang::FunctionDecl* kernel, const KernelCall& call) {
    const clang::FunctionTemplateDecl* tmpl = kernel->getDescribedFunctionTemplate();
    if (!tmpl) {
      if (call.has_template_args) {
        error(call.callee_span, "'" + call.callee +
                                    "' is not a template, but template "
                                    "arguments are given");
        report_.note(kernel->getLocation(), "kernel declared here");
      }
      return;
    }
    const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
    std::size_t required = params->getMinRequiredArguments();
    bool pack = params->hasParameterPack();
    std::size_t given = call.template_args.size();
    if (given > params->size() && !pack) {
      error(call.template_args[params->size()].span, "too many template arguments for '" +
                                                         call.callee + "': it takes " +
                                                         std::to_string(params->size()));
      report_.note(tmpl->getLocation(), "template declared here");
    } else if (given < required) {
      error(call.callee_span, "too few template arguments for '" + call.callee + "': it needs " +
                                  std::to_string(required) + ", " + std::to_string(given) +
                                  " given (they cannot be deduced at a tuned launch)");
      report_.note(tmpl->getLocation(), "template declared here");
    }
  }

  // __launch_bounds__(max, minBlocks): a minimum already fixes occupancy, and the maximum bounds
  // every literal block size.
  void check_launch_bounds(const clang::FunctionDecl* kernel) {
    const auto* bounds = kernel->getAttr<clang::CUDALaunchBoundsAttr>();
    if (!bounds) return;
    if (bounds->getMinBlocks()) {
      Span occupancy_span{};
      bool conflict = false;
      if (a_.occupancy) {
        occupancy_span = a_.occupancy->span;
        conflict = true;
      } else if (const Axis* axis = axis_named("occupancy")) {
        occupancy_span = axis->name_span;
        conflict = true;
      }
      if (conflict) {
        error(occupancy_span,
              "the kernel's __launch_bounds__ already fixes the minimum blocks "
              "per multiprocessor; 'occupancy' cannot change it");
        report_.note(bounds->getLocation(), "__launch_bounds__ given here");
      }
    }
    std::optional<llvm::APSInt> max = bounds->getMaxThreads()->getIntegerConstantExpr(context_);
    if (!max || !a_.threads || !result_.literal_space) return;
    for (const Expr& e : a_.threads->exprs)
      if (!e.tree) return;
    for (const auto& config : result_.configs) {
      long long threads = 1;
      for (const Expr& e : a_.threads->exprs) {
        std::optional<long long> v = evaluate(*e.tree, result_.axes, config);
        if (!v) return;
        threads *= *v;
      }
      if (threads > max->getExtValue()) {
        error(a_.threads->span, "threads = " + std::to_string(threads) + " for " +
                                    describe(config) +
                                    " exceeds the kernel's __launch_bounds__ "
                                    "maximum of " +
                                    std::to_string(max->getExtValue()));
        report_.note(bounds->getLocation(), "__launch_bounds__ given here");
        return;
      }
    }
  }

  void check_cluster_dims(const clang::FunctionDecl* kernel) {
    const auto* dims = kernel->getAttr<clang::CUDAClusterDimsAttr>();
    if (!dims) return;
    Span span{};
    if (a_.num_ctas)
      span = a_.num_ctas->span;
    else if (const Axis* axis = axis_named("num_ctas"))
      span = axis->name_span;
    else
      return;
    error(span,
          "the kernel's __cluster_dims__ already fixes the cluster shape; 'num_ctas' "
          "cannot change it");
    report_.note(dims->getLocation(), "__cluster_dims__ given here");
  }

  const SiteText& site_;
  const Annotation& a_;
  clang::ASTContext& context_;
  Reporter& report_;
  CheckedSite result_;
};

}  // namespace

std::optional<CheckedSite> check_site(const SiteText& site, const Annotation& annotation,
                                      clang::ASTContext& context, Reporter& report) {
  std::optional<CheckedSite> checked = Checker(site, annotation, context, report).run();
  if (checked) {
    checked->site = &site;
    checked->annotation = &annotation;
  }
  return checked;
}

}  // namespace tiletune::tool
