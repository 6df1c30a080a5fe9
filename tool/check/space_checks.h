// A literal space (Cartesian or fixed list) checked and enumerated at build time, `where` applied;
// the static hints and the hint axes checked against rules.h.
#pragma once

#include "annotation/annotation.h"
#include "check/site_instantiations.h"
#include "diagnostics/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

struct LiteralSpace {
  std::vector<std::string> axes;
  std::vector<std::vector<long long>> configs;  // in the runtime's order

  // "tile=128 occupancy=2"
  std::string describe(const std::vector<long long>& config) const;
};

// The axes and configurations of a literal space, after reporting repeated or empty axes,
// repeated values or configurations, list entries that disagree, and spaces past rules.h's
// limits; nullopt for an opaque space (checked at run time) or none.
std::optional<LiteralSpace> check_literal_space(const Annotation& a, SiteReporter& report);

// Keeps the configurations `where` accepts, after reporting a `where` that cannot be evaluated
// here or that leaves nothing. `literal` is null for an opaque space, which takes no `where`.
// Its names of constants take the values Clang gave them (`names`, SiteLaunches::where_names).
// False when the configurations stay unknown because Clang rejected a name (its error says why):
// nothing more is said of them.
bool check_where(const Annotation& a, LiteralSpace* literal, const SiteLaunches& names,
                 SiteReporter& report);

// occupancy and num_ctas, static or as axes: valid values, and not both at once.
void check_hints(const Annotation& a, SiteReporter& report);

// Warns that a large literal space makes the first launch slow.
void warn_large_space(const Annotation& a, const LiteralSpace& literal, SiteReporter& report);

}  // namespace tiletune::tool
