// The sample strategy's sizes: how much of a space of `eligible` configurations it draws first,
// and the most it visits in all.
#pragma once

#include "tune/search/strategy.h"

#include <cstddef>

namespace tiletune::detail {

// A warm start's search: `start` (an index into the space, one of run.eligible) first, then the
// sample strategy's local search from it, within its most visits. Where the start does not run
// here, the sample strategy's whole search instead; false then.
bool climb_from(const SearchRun& run, std::size_t start);

std::size_t first_sample_size(std::size_t eligible);
std::size_t most_visits(std::size_t eligible);

}  // namespace tiletune::detail
