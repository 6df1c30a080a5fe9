// What a search strategy is given, and the strategies of the list <tiletune/search_strategies.h>:
// strategy E is the function search_E, defined in E.cpp of this folder.
#pragma once

#include "tune/search/search.h"

#include <tiletune/search_strategies.h>
#include <tiletune/space.h>
#include <tiletune/tuning_options.h>
#include <tiletune/tuning_result.h>

#include <cstddef>
#include <string>
#include <vector>

namespace tiletune::detail {

struct SearchRun {
  const Space& space;
  // The configurations the strategy may visit, as indices into the space, in its order: those the
  // device can launch (the others were refused before the search).
  const std::vector<std::size_t>& eligible;
  const Search& options;  // the seed
  // What was measured so far: a configuration's measurement is filled once `visit` has returned.
  const TuningResult& result;
  // Measures a round; false when the budget ran out and the strategy must stop.
  const VisitRound& visit;
  // Starts the builds of what a later round will likely visit (empty: the tuning builds only what
  // a round visits).
  const BuildAhead& build_ahead;
};

// Each strategy visits its rounds, then returns what the tuning's table calls it ("exhaustive",
// "sample (seed 18)").
#define TILETUNE_DECLARE_SEARCH_STRATEGY(enumerator, name, visits, seeding) \
  std::string search_##enumerator(const SearchRun& run);
TILETUNE_SEARCH_STRATEGIES(TILETUNE_DECLARE_SEARCH_STRATEGY)
#undef TILETUNE_DECLARE_SEARCH_STRATEGY

}  // namespace tiletune::detail
