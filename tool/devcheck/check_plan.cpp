#include "devcheck/check_plan.h"

#include "annotation/evaluate.h"

#include "instantiation/launch_bounds.h"
#include "instantiation/name_expression.h"

#include <tiletune/rules.h>
#include <tiletune/space.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace tiletune::tool {
namespace {

struct Instantiation {
  std::vector<std::string> options;
  std::string name_expression;
  std::vector<PlannedConfiguration> configs;  // the first one's values brought it in
};

// The block size a configuration launches with, when the annotation fixes it from the space alone
// (0 otherwise: the runtime then sets no launch bounds either).
unsigned block_size(const Annotation& a, const LiteralSpace& space,
                    const std::vector<long long>& config) {
  if (!a.threads) return 0;
  long long threads = 1;
  for (const Expr& e : a.threads->exprs) {
    if (!e.tree) return 0;
    std::optional<long long> value = evaluate(*e.tree, space.axes, config);
    if (!value || *value <= 0) return 0;
    threads *= *value;
  }
  return static_cast<unsigned>(threads);
}

unsigned occupancy(const Annotation& a, const LiteralSpace& space,
                   const std::vector<long long>& config) {
  for (std::size_t i = 0; i < space.axes.size(); ++i)
    if (space.axes[i] == rules::kOccupancy) return static_cast<unsigned>(config[i]);
  return a.occupancy ? static_cast<unsigned>(a.occupancy->value) : 0;
}

// Every distinct instantiation, in the space's order.
std::vector<Instantiation> instantiations(const CheckedSite& site,
                                          const std::string& name_expression,
                                          const std::string& source) {
  const LiteralSpace& literal = *site.literal;
  const Space space = Space::list(literal.axes, literal.configs);
  std::vector<Instantiation> out;
  std::map<std::pair<std::vector<std::string>, std::string>, std::size_t> seen;
  const bool bounds_arguments = detail::passes_launch_bounds(name_expression);
  for (const std::vector<long long>& values : literal.configs) {
    Config config;
    for (long long v : values) config.push_back(v);
    const detail::LaunchBounds bounds{block_size(*site.annotation, literal, values),
                                      occupancy(*site.annotation, literal, values)};
    // Without a block size (one that evaluates to 0 or less) the configuration cannot launch, and
    // launch bounds of it cannot be written.
    if (bounds_arguments && bounds.max_threads == 0) continue;
    Instantiation one{site.nvrtc_options,
                      detail::substitute_axes(name_expression, space, config, nullptr, &bounds),
                      {{values, bounds.max_threads}}};
    if (std::optional<std::string> option =
            bounds_arguments
                ? std::nullopt
                : detail::launch_bounds_option(source, bounds.max_threads, bounds.min_blocks))
      one.options.push_back(std::move(*option));
    auto [it, added] = seen.emplace(std::pair(one.options, one.name_expression), out.size());
    if (added)
      out.push_back(std::move(one));
    else
      out[it->second].configs.push_back({values, bounds.max_threads});
  }
  return out;
}

// Of `values` (distinct), the ones the check covers: all, or kCheckedValuesPerAxis of them, the
// smallest and the largest among them and the rest evenly spaced by rank.
std::set<long long> values_to_cover(std::vector<long long> values) {
  if (values.size() <= kCheckedValuesPerAxis) return {values.begin(), values.end()};
  std::sort(values.begin(), values.end());
  std::set<long long> chosen;
  const std::size_t last = values.size() - 1;
  for (std::size_t k = 0; k < kCheckedValuesPerAxis; ++k)
    chosen.insert(
        values[(k * last + (kCheckedValuesPerAxis - 1) / 2) / (kCheckedValuesPerAxis - 1)]);
  return chosen;
}

// The instantiations that bring a value to cover not seen before: every value of every axis is
// compiled at least once, or on an axis of too many values, those values_to_cover picks.
std::vector<Instantiation> covering_subset(std::vector<Instantiation> all,
                                           const std::vector<std::string>& axes,
                                           std::vector<SampledAxis>& sampled) {
  std::vector<std::set<long long>> to_cover(axes.size());
  for (std::size_t axis = 0; axis < axes.size(); ++axis) {
    std::set<long long> values;
    for (const Instantiation& one : all) values.insert(one.configs.front().values[axis]);
    to_cover[axis] = values_to_cover({values.begin(), values.end()});
    if (to_cover[axis].size() < values.size())
      sampled.push_back({axes[axis], values.size(), to_cover[axis].size()});
  }
  std::vector<Instantiation> out;
  for (Instantiation& one : all) {
    bool brings_new = false;
    const std::vector<long long>& values = one.configs.front().values;
    for (std::size_t axis = 0; axis < values.size(); ++axis)
      brings_new |= to_cover[axis].erase(values[axis]) == 1;
    if (brings_new) out.push_back(std::move(one));
  }
  return out;
}

}  // namespace

CheckPlan plan_device_check(const CheckedSite& site, const std::string& name_expression,
                            const std::string& device_source) {
  CheckPlan plan;
  if (!site.literal) {
    plan.not_checked = "its space is built at run time";
    return plan;
  }
  if (name_expression.find("$#") != std::string::npos) {
    plan.not_checked = "a Constant(...) argument's value is known only at the launch";
    return plan;
  }
  std::vector<Instantiation> all = instantiations(site, name_expression, device_source);
  plan.instantiations = all.size();
  if (all.size() > kFullCheckLimit)
    all = covering_subset(std::move(all), site.literal->axes, plan.sampled);
  plan.checked = all.size();
  std::map<std::vector<std::string>, std::size_t> program_of;
  for (Instantiation& one : all) {
    auto [it, added] = program_of.emplace(one.options, plan.programs.size());
    if (added) {
      plan.programs.push_back(CheckProgram{one.options, {}});
      plan.configurations.emplace_back();
    }
    plan.programs[it->second].name_expressions.push_back(std::move(one.name_expression));
    plan.checked_configurations += one.configs.size();
    plan.configurations[it->second].push_back(std::move(one.configs));
  }
  return plan;
}

}  // namespace tiletune::tool
