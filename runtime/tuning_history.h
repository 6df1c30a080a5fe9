// Every tuning the process has done or loaded, for tiletune::tuning_results().
#pragma once

#include <tiletune/tuning_result.h>

namespace tiletune::detail {

// Adds a finished tuning to the list tiletune::tuning_results() returns.
void record_tuning(const TuningResult& result);

}  // namespace tiletune::detail
