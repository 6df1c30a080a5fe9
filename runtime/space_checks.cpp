#include "space_checks.h"

#include <tiletune/error.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::detail {
namespace {

bool power_of_two_up_to_16(long long v) { return v == 1 || v == 2 || v == 4 || v == 8 || v == 16; }

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

}  // namespace

void check_site_space(const SiteInfo& site) {
  const Space& space = site.space;
  auto fail = [&](const std::string& message) {
    throw Error(std::string(site.file) + ":" + std::to_string(site.line) +
                ": tiletune: " + message);
  };
  for (const std::string& name : site.dollar_names)
    if (space.axis_index(name) < 0)
      fail("'$" + name + "' names no axis of the space (its axes: " + axes_list(space) + ")");
  if (space.size() == 0) fail("the space has no configurations");
  if (site.hints.occupancy != 0 && space.axis_index("occupancy") >= 0)
    fail("static hint 'occupancy' conflicts with the space's axis of the same name");
  if (site.hints.num_ctas != 0 && space.axis_index("num_ctas") >= 0)
    fail("static hint 'num_ctas' conflicts with the space's axis of the same name");
  if (site.hints.occupancy < 0)
    fail("occupancy must be at least 1, not " + std::to_string(site.hints.occupancy));
  if (site.hints.num_ctas != 0 && !power_of_two_up_to_16(site.hints.num_ctas))
    fail("num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not " +
         std::to_string(site.hints.num_ctas));
  if (std::optional<std::pair<std::size_t, std::size_t>> repeat = first_repeat(space))
    fail("configuration " + std::to_string(repeat->second + 1) + " (" +
         space.describe(space.configurations()[repeat->second]) + ") repeats configuration " +
         std::to_string(repeat->first + 1));
  int occupancy = space.axis_index("occupancy");
  int num_ctas = space.axis_index("num_ctas");
  for (const Config& c : space.configurations()) {
    if (occupancy >= 0 && c[occupancy] < 1)
      fail("occupancy must be at least 1, not " + std::to_string(c[occupancy]) + " (in " +
           space.describe(c) + ")");
    if (num_ctas >= 0 && !power_of_two_up_to_16(c[num_ctas]))
      fail("num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not " +
           std::to_string(c[num_ctas]) + " (in " + space.describe(c) + ")");
  }
}

}  // namespace tiletune::detail
