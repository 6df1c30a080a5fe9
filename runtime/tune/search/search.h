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

// Called after each configuration of a round is measured (its measurement filled), with its index.
using Measured = std::function<void(std::size_t index)>;

// Measures the configurations at `indices` into the result (in the order the tuning's cost model
// ranks them: tune/cost_model.h), which may change its `best`, calling `measured` after each; false
// when the budget ran out and the search must stop.
using VisitRound =
    std::function<bool(const std::vector<std::size_t>& indices, const Measured& measured)>;

// Starts building the configurations at `indices`, which a later round will likely visit, while
// this round is measured, so that the workers never wait for the search to choose. A round drops
// the builds started ahead that it does not visit (not started: never compiled; compiling: kept
// by the compiler's caches, not loaded), and the tuning drops those no round visited.
using BuildAhead = std::function<void(const std::vector<std::size_t>& indices)>;

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
            TuningResult& result, const VisitRound& visit, const SearchStart* start = nullptr,
            const BuildAhead& build_ahead = {});

}  // namespace tiletune::detail
