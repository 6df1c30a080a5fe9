#include "tune/search/search.h"

#include "search/automatic.h"
#include "tune/search/sample.h"
#include "tune/search/strategy.h"

#include <string>
#include <vector>

namespace tiletune::detail {
namespace {

// The search of `strategy` (`automatic` as its rule picks for `size` configurations): each strategy
// of the list is one case.
std::string run_strategy(SearchStrategy strategy, std::size_t size, const SearchRun& run) {
  switch (strategy) {
    case SearchStrategy::automatic:
      return run_strategy(resolved_strategy(strategy, size), size, run);
#define TILETUNE_SEARCH_STRATEGY_CASE(enumerator, name, visits, seeding) \
  case SearchStrategy::enumerator:                                       \
    return search_##enumerator(run);
      TILETUNE_SEARCH_STRATEGIES(TILETUNE_SEARCH_STRATEGY_CASE)
#undef TILETUNE_SEARCH_STRATEGY_CASE
  }
  return "";  // not reached: every enumerator is a case
}

}  // namespace

void search(const Space& space, const std::vector<bool>& eligible, const Search& options,
            TuningResult& result, const VisitRound& visit, const SearchStart* start,
            const BuildAhead& build_ahead) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < eligible.size(); ++i)
    if (eligible[i]) indices.push_back(i);
  std::vector<bool> passed(eligible.size(), false);
  const VisitRound recorded = [&](const std::vector<std::size_t>& round, const Measured& measured) {
    ++result.rounds;
    for (std::size_t i : round) passed[i] = true;
    return visit(round, measured);
  };
  const SearchRun run{space, indices, options, result, recorded, build_ahead};
  if (start && start->index < eligible.size() && eligible[start->index] &&
      options.strategy != SearchStrategy::exhaustive) {
    result.search = "started from " + start->from + "'s winner " +
                    space.describe(space.configurations()[start->index]) +
                    ", then local search around it";
    if (!climb_from(run, start->index)) result.search += " (it did not run here: sampled instead)";
  } else {
    result.search = run_strategy(options.strategy, eligible.size(), run);
  }
  for (std::size_t i = 0; i < eligible.size(); ++i)
    if (eligible[i] && !passed[i]) {
      Measurement& m = result.measurements[i];
      m.not_visited = true;
      m.failure = "not visited by the search";
    }
}

}  // namespace tiletune::detail
