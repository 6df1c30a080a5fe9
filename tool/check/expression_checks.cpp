#include "check/expression_checks.h"

#include "annotation/launch_expressions.h"
#include "check/nearest_name.h"

#include <algorithm>
#include <string>

namespace tiletune::tool {
namespace {

// `$name` only means something where a configuration is known: not in the opaque space's own
// expression (it defines the axes), not in the key or a Constant(...) argument (both computed
// before a configuration is chosen: they say which tuning to use).
void check_dollar_positions(const Annotation& a, SiteReporter& report) {
  auto refuse = [&](const Expr& e, const std::string& why) {
    for (const DollarRef& d : e.dollars)
      report.error(d.span, "'$" + d.name + "' cannot appear " + why);
  };
  if (a.space)
    if (const auto* opaque = std::get_if<OpaqueSpace>(&*a.space))
      refuse(opaque->expr, "in 'space': the space defines the axes that '$' names");
  if (a.key)
    for (const Expr& e : *a.key)
      refuse(e, "in 'key': the key is computed before a configuration is chosen");
  if (a.call)
    for (const Argument& arg : a.call->args)
      if (arg.constant)
        refuse(arg.expr,
               "in Constant(...): its value is part of the key, computed before a "
               "configuration is chosen; pass it as a template argument instead");
}

// The buffers are the same for every configuration, so `$` has no meaning in them.
void refuse_dollars(const Expr& e, const char* keyword, SiteReporter& report) {
  for (const DollarRef& d : e.dollars)
    report.error(d.span, "'$" + d.name + "' cannot appear in '" + keyword +
                             "': the buffers are the same for every configuration");
}

void check_buffers(const std::optional<std::vector<Expr>>& list, const char* keyword,
                   SiteReporter& report) {
  if (!list) return;
  for (const Expr& e : *list) refuse_dollars(e, keyword, report);
  if (list->size() % 2 != 0)
    report.error(list->back().span, std::string("'") + keyword +
                                        "' takes pairs (pointer, bytes, pointer, bytes, ...); "
                                        "this pointer has no byte count");
}

// Whether the annotation verifies (anything but `verify = false`), after checking `verify`.
bool check_verify(const Annotation& a, SiteReporter& report) {
  if (!a.verify) return false;
  refuse_dollars(*a.verify, "verify", report);
  const ExprNode* tree = a.verify->tree.get();
  bool const verifying = !(tree && tree->kind == ExprNode::Kind::Literal && tree->value == 0);
  if (verifying && !a.restore && !a.outputs)
    report.error(a.verify->span,
                 "'verify' compares each configuration's outputs with the first's: "
                 "name them with outputs = (pointer, bytes, ...) or restore = (...)");
  return verifying;
}

}  // namespace

void check_dollars(const Annotation& a, const LiteralSpace* literal, SiteReporter& report) {
  check_dollar_positions(a, report);
  if (!literal) return;  // an opaque space's names are checked at run time
  for_each_launch_expression(a, [&](const Expr& e) {
    for (const DollarRef& d : e.dollars) {
      if (std::find(literal->axes.begin(), literal->axes.end(), d.name) != literal->axes.end())
        continue;
      std::string hint = nearest_name(d.name, literal->axes);
      report.error(d.span, "'$" + d.name + "' names no axis of the space" +
                               (hint.empty() ? "" : "; did you mean '$" + hint + "'?"));
    }
  });
}

// restore / outputs / verify / flush_l2: what tuning does around its trial launches.
void check_measurement_options(const Annotation& a, SiteReporter& report) {
  check_buffers(a.restore, "restore", report);
  check_buffers(a.outputs, "outputs", report);
  bool const verifying = check_verify(a, report);
  if (a.outputs && !verifying)
    report.error(keyword_use(a, "outputs")->name_span,
                 "'outputs' are only compared under 'verify': add verify = "
                 "true (or a relative tolerance such as verify = 1e-5)");
  if (a.flush_l2 && a.flush_l2->value != 0 && a.flush_l2->value != 1)
    report.error(a.flush_l2->span,
                 "'flush_l2' is true or false, not " + std::to_string(a.flush_l2->value));
}

}  // namespace tiletune::tool
