// Which configurations a tuning visits (compiles and measures), in rounds, as the site's strategy
// decides: every one the device can launch, or a seeded random sample and then local search around
// the fastest, so that a large space costs the compiles of what is visited only. One file per
// strategy in this folder (strategy.h); this is what every strategy shares.
#pragma once

#include <tiletune/space.h>
#include <tiletune/tuning_options.h>
#include <tiletune/tuning_result.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace tiletune::detail {

// Measures the configurations at `indices` (in that order) into the result, which may change its
// `best`; false when the budget ran out and the search must stop.
using VisitRound = std::function<bool(const std::vector<std::size_t>& indices)>;

// A warm start: another GPU model's winner (an index into the space) and that model's name.
struct SearchStart {
  std::size_t index = 0;
  std::string from;
};

// Searches the configurations of `space` whose `eligible` entry is true (the others were refused
// before the search) with the strategy of `options` (`auto` as its rule picks), calling `visit`
// once per round. With a `start` that is eligible, unless the strategy is `exhaustive`: the start
// first, then a local search around it (climb_from in sample.h), said in result.search ("started
// from H100's winner tile=128, then local search around it"). Sets result.search and
// result.rounds, and marks every eligible configuration it never passed to `visit` as not visited.
void search(const Space& space, const std::vector<bool>& eligible, const Search& options,
            TuningResult& result, const VisitRound& visit, const SearchStart* start = nullptr);

}  // namespace tiletune::detail
