#include "site/space_checks.h"

#include "tune/site_variant.h"

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::detail {
namespace {

std::string axes_list(const Space& space) {
  std::string out;
  for (const std::string& name : space.axis_names()) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

// The earliest configuration that repeats an earlier one, with that earlier one's index.
std::optional<std::pair<std::size_t, std::size_t>> first_repeat(const Space& space) {
  const std::vector<Config>& configs = space.configurations();
  std::vector<std::size_t> order(configs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto before = [&](std::size_t a, std::size_t b) {
    const Config& x = configs[a];
    const Config& y = configs[b];
    for (int i = 0; i < x.size() && i < y.size(); ++i)
      if (x[i] != y[i]) return x[i] < y[i];
    return x.size() < y.size();
  };
  std::stable_sort(order.begin(), order.end(), before);
  std::optional<std::pair<std::size_t, std::size_t>> repeat;
  for (std::size_t k = 1; k < order.size(); ++k)
    if (configs[order[k]] == configs[order[k - 1]] && (!repeat || order[k] < repeat->second))
      repeat = std::pair{order[k - 1], order[k]};
  return repeat;
}

// The hints, each with the site's static value of it (0: not given).
std::array<std::pair<const char*, int>, 2> static_hints(const SiteInfo& site) {
  return {{{rules::kOccupancy, site.hints.occupancy}, {rules::kNumCtas, site.hints.num_ctas}}};
}

// A static hint that is also an axis, or whose value is not valid.
std::string static_hint_problem(const SiteInfo& site) {
  for (const auto& [hint, value] : static_hints(site))
    if (value != 0 && site.space.axis_index(hint) >= 0) return rules::hint_axis_conflict(hint);
  for (const auto& [hint, value] : static_hints(site))
    if (value != 0)
      if (std::string problem = rules::hint_value_problem(hint, value); !problem.empty())
        return problem;
  return {};
}

// The first configuration giving a hint axis a value that is not valid for it.
std::string hint_axis_problem(const Space& space) {
  for (const Config& c : space.configurations())
    for (const char* hint : rules::kHints)
      if (const int axis = space.axis_index(hint); axis >= 0)
        if (std::string problem = rules::hint_value_problem(hint, c[axis]); !problem.empty())
          return problem + " (in " + space.describe(c) + ")";
  return {};
}

// What is wrong with the site's space, in the order the tool checks it ("" when nothing is).
std::string space_problem(const SiteInfo& site) {
  const Space& space = site.space;
  for (const std::string& name : site.dollar_names)
    if (space.axis_index(name) < 0)
      return "'$" + name + "' names no axis of the space (its axes: " + axes_list(space) + ")";
  if (space.size() == 0) return "the space has no configurations";
  if (std::string problem = static_hint_problem(site); !problem.empty()) return problem;
  if (std::optional<std::pair<std::size_t, std::size_t>> repeat = first_repeat(space))
    return "configuration " + std::to_string(repeat->second + 1) + " (" +
           space.describe(space.configurations()[repeat->second]) + ") repeats configuration " +
           std::to_string(repeat->first + 1);
  return hint_axis_problem(space);
}

}  // namespace

void check_site_space(const SiteInfo& site) {
  if (const std::string problem = space_problem(site); !problem.empty())
    throw Error(std::string(site.file) + ":" + std::to_string(site.line) +
                ": tiletune: " + problem);
}

}  // namespace tiletune::detail
