#include "check/space_checks.h"

#include "annotation/axis_lookup.h"
#include "annotation/evaluable_grammar.h"
#include "annotation/evaluate.h"
#include "annotation/search_values.h"
#include "annotation/unevaluable_part.h"
#include "search/search_strategies.h"
#include "text/site_text.h"

#include <tiletune/rules.h>

#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_set>
#include <variant>

namespace tiletune::tool {
namespace {

// Past this many configurations a literal space gets a warning.
constexpr std::size_t kLargeSpaceWarning = 64;

// A configuration holds at most rules::kMaxAxes values.
void check_axis_count(const std::vector<Axis>& axes, SiteReporter& report) {
  const auto max = static_cast<std::size_t>(rules::kMaxAxes);
  if (axes.size() <= max) return;
  report.error(axes[max].name_span, "the space has " + std::to_string(axes.size()) +
                                        " axes; a configuration holds at most " +
                                        std::to_string(max));
}

// One axis of a Cartesian space: named once, with values, none of them twice.
void check_axis(const Axis& axis, std::map<std::string, const Axis*>& names, SiteReporter& report) {
  if (auto [it, inserted] = names.emplace(axis.name, &axis); !inserted) {
    report.error(axis.name_span, "axis '" + axis.name + "' is defined more than once");
    report.note(it->second->name_span, "first defined here");
  }
  if (axis.values.empty()) report.error(axis.span, "axis '" + axis.name + "' has no values");
  // One look-up per value: an axis may hold up to rules::kMaxLiteralConfigurations of them.
  std::unordered_set<long long> seen;
  seen.reserve(axis.values.size());
  for (const Value& v : axis.values)
    if (!seen.insert(v.value).second)
      report.error(v.span, "value " + std::to_string(v.value) + " appears twice in axis '" +
                               axis.name + "': every configuration would repeat");
}

// Every combination, the first axis outermost.
std::vector<std::vector<long long>> enumerate(const CartesianSpace& space) {
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
  return configs;
}

LiteralSpace check_cartesian(const CartesianSpace& space, SiteReporter& report) {
  LiteralSpace literal;
  std::size_t product = 1;
  std::map<std::string, const Axis*> names;
  for (const Axis& axis : space.axes) {
    check_axis(axis, names, report);
    literal.axes.push_back(axis.name);
    product *= std::max<std::size_t>(1, axis.values.size());
    if (product > rules::kMaxLiteralConfigurations) {
      report.error(space.span, "the space has more than " +
                                   std::to_string(rules::kMaxLiteralConfigurations) +
                                   " configurations");
      return literal;
    }
  }
  if (space.axes.empty()) report.error(space.span, "the space has no axes");
  check_axis_count(space.axes, report);
  literal.configs = enumerate(space);
  return literal;
}

LiteralSpace check_list(const ListSpace& list, SiteReporter& report) {
  LiteralSpace literal;
  if (list.entries.empty()) {
    report.error(list.span, "the list of configurations is empty");
    return literal;
  }
  for (const Axis& field : list.entries.front().fields) literal.axes.push_back(field.name);
  check_axis_count(list.entries.front().fields, report);
  std::map<std::vector<long long>, const ListEntry*> seen;
  for (const ListEntry& entry : list.entries) {
    std::vector<std::string> names;
    std::vector<long long> values;
    for (const Axis& field : entry.fields) {
      names.push_back(field.name);
      values.push_back(field.values.empty() ? 0 : field.values.front().value);
    }
    if (names != literal.axes) {
      report.error(entry.span, "this configuration names the axes (" + llvm::join(names, ", ") +
                                   ") but the first names (" + llvm::join(literal.axes, ", ") +
                                   "): every entry of a list must name the same axes, in order");
    } else if (auto [it, inserted] = seen.emplace(values, &entry); !inserted) {
      report.error(entry.span, "this configuration repeats an earlier one");
      report.note(it->second->span, "first listed here");
    } else {
      literal.configs.push_back(values);
    }
  }
  std::set<std::string> unique(literal.axes.begin(), literal.axes.end());
  if (unique.size() != literal.axes.size())
    report.error(list.entries.front().span,
                 "an axis is named more than once in this configuration");
  return literal;
}

// Every value an axis takes, with where each is written.
std::vector<Value> axis_values(const Annotation& a, const std::string& name) {
  std::vector<Value> out;
  if (!a.space) return out;
  if (const auto* cartesian = std::get_if<CartesianSpace>(&*a.space)) {
    for (const Axis& axis : cartesian->axes)
      if (axis.name == name) out = axis.values;
  } else if (const auto* list = std::get_if<ListSpace>(&*a.space)) {
    for (const ListEntry& entry : list->entries)
      for (const Axis& field : entry.fields)
        if (field.name == name) out.insert(out.end(), field.values.begin(), field.values.end());
  }
  return out;
}

// `where`'s tree with each name of a constant replaced by the value Clang gave it (a tree without
// names as it is); null after reporting a name that has no value; nullopt when Clang rejected one
// (its own error says why).
std::optional<std::shared_ptr<const ExprNode>> with_clang_values(const ExprNode& tree,
                                                                 const SiteLaunches& launches,
                                                                 SiteReporter& report) {
  const std::vector<const ExprNode*> names = names_in(tree);
  std::vector<long long> values;
  bool valued = true;
  for (unsigned i = 0; i < names.size(); ++i) {
    const ExprNode& name = *names[i];
    auto found = launches.where_names.find(i);
    if (found == launches.where_names.end()) {
      if (launches.rejected) return std::nullopt;
      report.error(name.span, "'" + name.name +
                                  "' in 'where' has no value: Clang evaluates the names in "
                                  "'where' in the function that holds the annotation; put it in "
                                  "one, or write the value");
      valued = false;
      continue;
    }
    const WhereName& clang = found->second;
    if (clang.value) {
      values.push_back(*clang.value);
      continue;
    }
    const char* const rule =
        clang.dependent
            ? "'where' is evaluated once for the annotation, the same space for every "
              "instantiation, so a name in it must have one value; write the bound that holds for "
              "all of them (for sizeof(T), the largest type's size)"
            : "'where' is evaluated at build time, so a name in it must be an integer constant "
              "(constexpr, a const integer with a constant initializer, an enumerator)";
    report.error(name.span, "'" + name.name + "' in 'where' " + clang.problem + ": " + rule);
    for (const auto& [at, note] : clang.notes) report.note(at, note);
    valued = false;
  }
  if (!valued) return std::shared_ptr<const ExprNode>();
  return with_name_values(tree, values);
}

}  // namespace

std::string LiteralSpace::describe(const std::vector<long long>& config) const {
  return detail::config_text(axes, config);
}

std::optional<LiteralSpace> check_literal_space(const Annotation& a, SiteReporter& report) {
  if (!a.space) return std::nullopt;
  if (const auto* cartesian = std::get_if<CartesianSpace>(&*a.space))
    return check_cartesian(*cartesian, report);
  if (const auto* list = std::get_if<ListSpace>(&*a.space)) return check_list(*list, report);
  return std::nullopt;
}

bool check_where(const Annotation& a, LiteralSpace* literal, const SiteLaunches& names,
                 SiteReporter& report) {
  if (!a.where) return true;
  const Expr& where = *a.where;
  if (!literal) {
    report.error(where.span,
                 "'where' constrains a literal space; an opaque space takes its "
                 "constraint in tiletune::Space::cartesian(axes, constraint)");
    return true;
  }
  auto parsed = where_tree(where);
  if (const auto* too_deep = std::get_if<ParseError>(&parsed)) {
    report.error(too_deep->span, too_deep->message);
    return true;
  }
  const std::shared_ptr<const ExprNode>& written =
      std::get<std::shared_ptr<const ExprNode>>(parsed);
  if (!written) {
    const UnevaluablePart part = unevaluable_part(where);
    report.error(part.span,
                 "'where' must be an expression over '$' names, integer literals, names of "
                 "integer constants and sizeof(...) (arithmetic, comparison, &&, ||, !, cld), "
                 "evaluated at build time" +
                     (part.text.empty()   ? std::string()
                      : part.kind.empty() ? "; it cannot read '" + part.text + "' there"
                                          : "; '" + part.text + "' is " + part.kind +
                                                ": declare its value as a constant and name that"));
    return true;
  }
  std::optional<std::shared_ptr<const ExprNode>> tree = with_clang_values(*written, names, report);
  if (!tree) return false;
  // After an error the configurations may not be what the annotation meant.
  if (report.errors() != 0 || !*tree) return true;
  std::vector<std::vector<long long>> kept;
  for (const auto& config : literal->configs) {
    std::optional<long long> v = evaluate(**tree, literal->axes, config);
    if (!v) {
      report.error(where.span, "'where' cannot be evaluated for " + literal->describe(config) +
                                   " (division by zero or overflow)");
      return true;
    }
    if (*v) kept.push_back(config);
  }
  if (kept.empty())
    report.error(where.span, "'where' leaves the space empty: it removes all " +
                                 std::to_string(literal->configs.size()) + " configurations");
  literal->configs = std::move(kept);
  return true;
}

void check_hints(const Annotation& a, SiteReporter& report) {
  for (const std::string hint : rules::kHints) {
    const std::optional<Value>& fixed = hint == rules::kOccupancy ? a.occupancy : a.num_ctas;
    auto check_value = [&](const Value& v) {
      std::string problem = rules::hint_value_problem(hint, v.value);
      if (!problem.empty()) report.error(v.span, problem);
    };
    if (fixed) check_value(*fixed);
    for (const Value& v : axis_values(a, hint)) check_value(v);
    if (!fixed) continue;
    if (const Axis* axis = axis_named(a, hint)) {
      report.error(fixed->span, rules::hint_axis_conflict(hint));
      report.note(axis->name_span, "axis '" + hint + "' defined here");
    }
  }
}

// Only where the search is exhaustive: `search = exhaustive`, or the default up to its limit.
void warn_large_space(const Annotation& a, const LiteralSpace& literal, SiteReporter& report) {
  const std::size_t size = literal.configs.size();
  const std::optional<SearchStrategy> strategy =
      a.search ? detail::strategy_named(trimmed(a.search->text)) : SearchStrategy::automatic;
  const bool exhaustive = strategy && detail::visits_every_configuration(*strategy, size);
  if (size <= kLargeSpaceWarning || !exhaustive) return;
  report.warning(a.space ? keyword_use(a, "space")->value_span : Span{},
                 "the space has " + std::to_string(size) +
                     " configurations: the first launch compiles and times every one");
}

}  // namespace tiletune::tool
