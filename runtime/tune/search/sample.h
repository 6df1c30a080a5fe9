// The sample strategy's sizes: how much of a space of `eligible` configurations it draws first,
// and the most it visits in all.
#pragma once

#include "tune/search/strategy.h"

#include <cstddef>
#include <vector>

namespace tiletune::detail {

// A warm start's search: `start` (an index into the space, one of run.eligible) first, then the
// sample strategy's local search from it, within its most visits. Where the start does not run
// here, the sample strategy's whole search instead; false then.
bool climb_from(const SearchRun& run, std::size_t start);

std::size_t first_sample_size(std::size_t eligible);
std::size_t most_visits(std::size_t eligible);

// The sample strategy's first round with `seed`: the first `size` (by default first_sample_size)
// of `eligible` (indices into the space) in the seed's random order, in the space's order. It draws
// more of that order only while nothing drawn could run. (bench/search_scale's floors rebuild it,
// and draw smaller samples the same way.)
std::vector<std::size_t> first_sample(const std::vector<std::size_t>& eligible,
                                      unsigned long long seed, std::size_t size = 0);

}  // namespace tiletune::detail
