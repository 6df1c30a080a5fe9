// A results file as a table people read: per site and key, the winner and its median, the
// runner-up, and how much faster the winner is than the median configuration.
#pragma once

#include "store/results_format.h"

#include <string>
#include <vector>

namespace tiletune::results {

// One table per site (in the order the results give them), one row per device, key and hints;
// "-" where a file written before those fields lacks them.
std::string show(const std::vector<detail::StoredResult>& results);

}  // namespace tiletune::results
