// What the device check of one site compiles: every instantiation its literal space can produce
// (one name expression per distinct configuration's kernel, with that configuration's launch
// bounds), grouped into NVRTC programs by shared options as the runtime batches them. A space
// with more than kFullCheckLimit instantiations gets a subset in which every axis value appears.
#pragma once

#include "check/site_checks.h"
#include "devcheck/check_cache.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tiletune::tool {

inline constexpr std::size_t kFullCheckLimit = 64;

// A configuration of the space as the check sees it: its values, and the block size it launches
// with when the space fixes it (0 otherwise).
struct PlannedConfiguration {
  std::vector<long long> values;
  unsigned threads = 0;
};

struct CheckPlan {
  std::vector<CheckProgram> programs;
  // Per program, per name expression: the configurations that compile as it.
  std::vector<std::vector<std::vector<PlannedConfiguration>>> configurations;
  std::size_t instantiations = 0;          // distinct (options, name expression) pairs of the space
  std::size_t checked = 0;                 // how many of them the programs hold
  std::size_t checked_configurations = 0;  // the configurations those stand for
  std::string not_checked;  // why nothing can be checked at build time ("": something is)
};

// `name_expression` is the site's, `$name` standing for axis values (site_info_code.h).
CheckPlan plan_device_check(const CheckedSite& site, const std::string& name_expression,
                            const std::string& device_source);

}  // namespace tiletune::tool
