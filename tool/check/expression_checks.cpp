#include "check/expression_checks.h"

#include "annotation/evaluate.h"
#include "annotation/keywords.h"
#include "annotation/launch_expressions.h"
#include "annotation/lexical_grammar.h"
#include "annotation/search_values.h"
#include "check/nearest_name.h"
#include "measure/measure_names.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tiletune::tool {
namespace {

// The first identifier in `e` that is neither a `$name` nor `cld` nor part of a literal (a suffix
// such as `u`): what makes an expression with `$` names depend on run-time values. The whole
// expression when there is none (an operator the build-time evaluator does not know).
Span first_run_time_name(const Expr& e) {
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  const std::string& text = e.text;
  for (std::size_t i = 0; i < text.size();) {
    if (!is_ident(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && is_ident(text[end])) ++end;
    bool const dollar = i > 0 && text[i - 1] == '$';
    bool const literal = std::isdigit(static_cast<unsigned char>(text[i]));
    std::string_view word(text.data() + i, end - i);
    if (!dollar && !literal && word != "cld" && word != "true" && word != "false")
      return {e.span.begin + static_cast<unsigned>(i), e.span.begin + static_cast<unsigned>(end)};
    i = end;
  }
  return e.span;
}

// Constant($...) is baked per configuration: its value must follow from the configuration alone,
// so the tool can name each variant's constant without knowing any run-time value.
void check_constant_with_dollars(const Expr& e, SiteReporter& report) {
  if (e.dollars.empty() || e.tree) return;
  Span const at = first_run_time_name(e);
  std::string_view name(e.text.data() + (at.begin - e.span.begin), at.end - at.begin);
  report.error(at, "Constant(...) mixes '$' names with '" + std::string(name) +
                       "', which is not known from the configuration alone: each configuration "
                       "bakes its own constant, so use only '$' names, integer literals, "
                       "arithmetic and cld(a, b) here, or pass the run-time part as a plain "
                       "argument");
}

// A launch expression is evaluated at run time, where `$name` is the configuration's value: it
// cannot be a template argument there (`shmem = sizeof(Storage<$m>)`), which only the kernel's own
// template arguments can be, each configuration compiled as its own instantiation. `where` says so
// itself (a template-id makes it unevaluable), and a Constant(...) takes only arithmetic.
void check_dollars_in_template_arguments(const Annotation& a, SiteReporter& report) {
  auto check = [&](const Expr& e, std::string_view where) {
    for (const DollarRef& d : e.dollars)
      if (d.in_template_arguments)
        report.error(d.span, "'$" + d.name + "' is a template argument in " + std::string(where) +
                                 ", where it is the configuration's value at run time, which no "
                                 "template argument can take (only the kernel's own template "
                                 "arguments are instantiated per configuration): write the value "
                                 "as arithmetic on '$' names instead");
  };
  for (const Keyword& k : kKeywords)
    if (k.evaluated == Evaluated::per_configuration && k.name != "where")
      for_each_expression(a, k, [&](const Expr& e) { check(e, "'" + std::string(k.name) + "'"); });
  if (a.call)
    for (const Argument& arg : a.call->args)
      if (!arg.constant) check(arg.expr, "a kernel argument");
}

// `$name` only means something where a configuration is known: each keyword whose value is
// evaluated without one says why (annotation/keywords.h: the opaque space defines the axes, the
// key is computed before a configuration is chosen, the buffers are the same for every
// configuration). In a Constant(...) argument it makes the value differ per configuration: each
// variant bakes its own (and the value is not part of the key).
void check_dollar_positions(const Annotation& a, SiteReporter& report) {
  for (const Keyword& k : kKeywords) {
    if (k.no_dollar.empty()) continue;
    for_each_expression(a, k, [&](const Expr& e) {
      for (const DollarRef& d : e.dollars)
        report.error(d.span, "'$" + d.name + "' cannot appear in '" + std::string(k.name) +
                                 "': " + std::string(k.no_dollar));
    });
  }
  if (a.call)
    for (const Argument& arg : a.call->args)
      if (arg.constant) check_constant_with_dollars(arg.expr, report);
  check_dollars_in_template_arguments(a, report);
}

void check_buffers(const std::optional<std::vector<Expr>>& list, const char* keyword,
                   SiteReporter& report) {
  if (!list) return;
  if (list->size() % 2 != 0)
    report.error(list->back().span, std::string("'") + keyword +
                                        "' takes pairs (pointer, bytes, pointer, bytes, ...); "
                                        "this pointer has no byte count");
}

// Whether the annotation verifies (anything but `verify = false`), after checking `verify`.
bool check_verify(const Annotation& a, SiteReporter& report) {
  if (!a.verify) return false;
  const ExprNode* tree = a.verify->tree.get();
  bool const verifying = !(tree && tree->kind == ExprNode::Kind::Literal && tree->value == 0);
  if (verifying && !a.restore && !a.outputs)
    report.error(a.verify->span,
                 "'verify' compares each configuration's outputs with the first's: "
                 "name them with outputs = (pointer, bytes, ...) or restore = (...)");
  return verifying;
}

// The arguments of the cld(...) whose name starts at `name` in `e`, as offsets [first, last) into
// `e.text` with the spaces around each trimmed (none for `cld()`); nullopt when its parentheses do
// not close inside `e`.
std::optional<std::vector<std::pair<std::size_t, std::size_t>>> cld_arguments(const Expr& e,
                                                                              unsigned name) {
  std::string_view text = e.text;
  std::size_t open = text.find('(', name - e.span.begin);
  if (open == std::string_view::npos) return std::nullopt;
  std::vector<std::pair<std::size_t, std::size_t>> arguments;
  auto add = [&](std::size_t first, std::size_t last) {
    while (first < last && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
    while (last > first && std::isspace(static_cast<unsigned char>(text[last - 1]))) --last;
    arguments.emplace_back(first, last);
  };
  int depth = 0;
  std::size_t begin = open + 1;
  for (std::size_t at = open; at < text.size(); ++at) {
    char c = text[at];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 1 && c == ',') {
      add(begin, at);
      begin = at + 1;
    }
    if (depth == 0) {
      add(begin, at);
      if (arguments.size() == 1 && arguments.front().first == arguments.front().second)
        arguments.clear();  // cld()
      return arguments;
    }
  }
  return std::nullopt;
}

// The span of the divisor of the cld(...) whose name starts at `name` in `e`, when it is written as
// an integer literal (parentheses around it allowed) equal to zero.
std::optional<Span> literal_zero_divisor(const Expr& e, unsigned name) {
  auto arguments = cld_arguments(e, name);
  if (!arguments || arguments->size() != 2) return std::nullopt;
  std::string_view text = e.text;
  auto [first, last] = (*arguments)[1];
  Span const span{e.span.begin + static_cast<unsigned>(first),
                  e.span.begin + static_cast<unsigned>(last)};
  while (last - first >= 2 && text[first] == '(' && text[last - 1] == ')') {
    ++first;
    --last;
    while (first < last && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
    while (last > first && std::isspace(static_cast<unsigned char>(text[last - 1]))) --last;
  }
  std::string_view divisor = text.substr(first, last - first);
  if (match_length(divisor, lexical::integer_literal) != divisor.size()) return std::nullopt;
  if (integer_literal_value(divisor) != std::uint64_t{0}) return std::nullopt;
  return span;
}

// cld(a, b) takes two arguments; the generated code would otherwise fail in nvcc, pointing at
// tiletune's header.
void check_cld_arguments(const Expr& e, SiteReporter& report) {
  for (const Span& cld : e.clds) {
    auto arguments = cld_arguments(e, cld.begin);
    if (!arguments || arguments->size() == 2) continue;
    report.error(cld,
                 "cld takes two arguments, cld(a, b): a divided by b, rounded up; this one "
                 "has " +
                     std::to_string(arguments->size()));
  }
}

// `/`, `%` and cld by a literal zero in an evaluable expression.
void find_zero_divisions(const ExprNode& node, std::vector<Span>& found) {
  bool const divides = node.kind == ExprNode::Kind::Cld || (node.kind == ExprNode::Kind::Binary &&
                                                            (node.name == "/" || node.name == "%"));
  if (divides && node.operands[1]->kind == ExprNode::Kind::Literal && node.operands[1]->value == 0)
    found.push_back(node.operands[1]->span);
  for (const auto& operand : node.operands) find_zero_divisions(*operand, found);
}

// The right operands of `/` and `%` in `e`'s text that are a literal zero: the operand begins with
// the token after the operator, and a literal there is the whole operand unless `.` makes it a
// floating literal (multiplicative operators bind tighter than all that may follow).
void find_textual_zero_divisions(const Expr& e, std::vector<Span>& found) {
  std::string_view text = e.text;
  auto is_literal_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '\'' || c == '_';
  };
  for (std::size_t op = 0; op < text.size(); ++op) {
    if ((text[op] != '/' && text[op] != '%') || (op + 1 < text.size() && text[op + 1] == '='))
      continue;
    std::size_t first = op + 1;
    while (first < text.size() && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
    std::size_t last = first;
    while (last < text.size() && is_literal_char(text[last])) ++last;
    if (last < text.size() && text[last] == '.') continue;
    std::string_view divisor = text.substr(first, last - first);
    if (divisor.empty() || match_length(divisor, lexical::integer_literal) != divisor.size() ||
        integer_literal_value(divisor) != std::uint64_t{0})
      continue;
    found.push_back(
        {e.span.begin + static_cast<unsigned>(first), e.span.begin + static_cast<unsigned>(last)});
  }
}

void check_zero_divisions(const Expr& e, SiteReporter& report) {
  std::vector<Span> found;
  if (e.tree) {
    find_zero_divisions(*e.tree, found);
  } else {
    for (const Span& cld : e.clds)
      if (std::optional<Span> divisor = literal_zero_divisor(e, cld.begin))
        found.push_back(*divisor);
    find_textual_zero_divisions(e, found);
  }
  for (const Span& divisor : found) report.error(divisor, "division by zero");
}

// A launch dimension is a 32-bit unsigned value: blocks and threads that do not fit, for the first
// configuration (or, without `$`, always) where they are known here.
void check_launch_dimensions(const std::optional<Dims>& dims, const char* keyword,
                             const LiteralSpace* literal, SiteReporter& report) {
  if (!dims) return;
  static const LiteralSpace kNoAxes{{}, {{}}};
  const LiteralSpace& space = literal ? *literal : kNoAxes;
  for (const Expr& e : dims->exprs) {
    if (!e.tree) continue;
    for (const std::vector<long long>& config : space.configs) {
      std::optional<long long> v = evaluate(*e.tree, space.axes, config);
      if (!v || (*v >= 0 && *v <= static_cast<long long>(UINT32_MAX))) continue;
      std::string const where = e.dollars.empty() ? "" : " for " + space.describe(config);
      report.error(e.span, std::string(keyword) + " = " + std::to_string(*v) + where +
                               " does not fit a launch dimension (0 to 4294967295)");
      break;
    }
  }
}

}  // namespace

void check_literal_values(const Annotation& a, const LiteralSpace* literal, SiteReporter& report) {
  for_each_launch_expression(a, [&](const Expr& e) {
    check_cld_arguments(e, report);
    check_zero_divisions(e, report);
  });
  check_launch_dimensions(a.blocks, "blocks", literal, report);
  check_launch_dimensions(a.threads, "threads", literal, report);
}

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

// `measure`: one of the runtime's names; `flush_l2 = true` is `measure = cold`, so it goes with no
// other mode.
void check_measure(const Annotation& a, SiteReporter& report) {
  if (!a.measure) return;
  const std::string name(trimmed(a.measure->text));
  const std::optional<Measure> measure = detail::measure_named(name);
  if (!measure) {
    std::vector<std::string> names;
    for (Measure m : {Measure::eager, Measure::graph, Measure::cold})
      names.emplace_back(detail::measure_name(m));
    const std::string hint = nearest_name(name, names);
    report.error(a.measure->span, "'measure' is one of " + std::string(detail::kMeasureNameList) +
                                      ", not '" + name + "'" +
                                      (hint.empty() ? "" : "; did you mean '" + hint + "'?"));
    return;
  }
  if (a.flush_l2 && a.flush_l2->value == 1 && *measure != Measure::cold)
    report.error(a.flush_l2->span, "'flush_l2 = true' is measure = cold, and this site measures " +
                                       name + ": remove one of them");
}

// restore / outputs / verify / flush_l2 / measure: what tuning does around its trial launches.
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
  check_measure(a, report);
}

}  // namespace tiletune::tool
