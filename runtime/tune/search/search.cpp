#include "tune/search/search.h"

#include "search/automatic.h"
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
            TuningResult& result, const VisitRound& visit) {
  std::vector<std::size_t> indices;
  for (std::size_t i = 0; i < eligible.size(); ++i)
    if (eligible[i]) indices.push_back(i);
  std::vector<bool> passed(eligible.size(), false);
  const VisitRound recorded = [&](const std::vector<std::size_t>& round) {
    ++result.rounds;
    for (std::size_t i : round) passed[i] = true;
    return visit(round);
  };
  result.search =
      run_strategy(options.strategy, eligible.size(), {space, indices, options, result, recorded});
  for (std::size_t i = 0; i < eligible.size(); ++i)
    if (eligible[i] && !passed[i]) {
      Measurement& m = result.measurements[i];
      m.not_visited = true;
      m.failure = "not visited by the search";
    }
}

}  // namespace tiletune::detail
