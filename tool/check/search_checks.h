// `search`, `budget` and `seed`: which configurations the runtime visits when it tunes.
#pragma once

#include "annotation/annotation.h"
#include "diagnostics/diagnostics.h"

namespace tiletune::tool {

// A known strategy, a budget with a unit and more than zero, a seed that is a whole number
// literal, and no `seed` where the search draws no sample (search = exhaustive).
void check_search_options(const Annotation& a, SiteReporter& report);

}  // namespace tiletune::tool
