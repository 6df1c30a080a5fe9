// The search strategies as the tool (its checks, its warning of a large space, the code it
// generates) and the runtime (its options, the search) read them: `auto`, then the list of
// <tiletune/search_strategies.h>, by the names an annotation's `search` and TILETUNE_SEARCH give
// them, with what each visits and whether `seed` steers it.
#pragma once

#include "search/automatic.h"

#include <tiletune/search_strategies.h>
#include <tiletune/tuning_options.h>

#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

// Which configurations a strategy visits.
enum class Visits : unsigned char {
  every_configuration,  // that the device can launch: the whole space is compiled
  part_of_the_space,    // what the strategy picks: a large space costs what is visited only
  by_the_rule,          // `auto`: as the strategy its rule picks (resolved_strategy)
};

// Whether `seed` steers what a strategy visits (an annotation giving a seed to one it does not
// steer is an error).
enum class Seeding : unsigned char { unseeded, seeded };

struct StrategyEntry {
  std::string_view name;        // as written: "sample"
  SearchStrategy strategy;      // SearchStrategy::sample
  std::string_view enumerator;  // its enumerator's name, for generated code: "sample"
  Visits visits;
  Seeding seeding;
};

// In the order messages list them: `auto` (it may sample, so a seed may steer it), then the list.
inline constexpr StrategyEntry kStrategies[] = {
    {kAutomaticName, SearchStrategy::automatic, "automatic", Visits::by_the_rule, Seeding::seeded},
#define TILETUNE_STRATEGY_ENTRY(enumerator, name, visits, seeding) \
  {name, SearchStrategy::enumerator, #enumerator, Visits::visits, Seeding::seeding},
    TILETUNE_SEARCH_STRATEGIES(TILETUNE_STRATEGY_ENTRY)
#undef TILETUNE_STRATEGY_ENTRY
};

// The entry of the strategy written `name`, or null.
constexpr const StrategyEntry* strategy_entry(std::string_view name) {
  for (const StrategyEntry& s : kStrategies)
    if (s.name == name) return &s;
  return nullptr;
}

// The entry of `strategy` (every enumerator has one).
constexpr const StrategyEntry& strategy_entry(SearchStrategy strategy) {
  for (const StrategyEntry& s : kStrategies)
    if (s.strategy == strategy) return s;
  return kStrategies[0];
}

// The strategy written `name`, or nullopt.
constexpr std::optional<SearchStrategy> strategy_named(std::string_view name) {
  if (const StrategyEntry* s = strategy_entry(name)) return s->strategy;
  return std::nullopt;
}

// Whether a tuning with `strategy` in a space of `size` configurations compiles every one the
// device can launch.
constexpr bool visits_every_configuration(SearchStrategy strategy, std::size_t size) {
  return strategy_entry(resolved_strategy(strategy, size)).visits == Visits::every_configuration;
}

// "auto, exhaustive, sample".
inline std::string strategy_name_list() {
  std::string list;
  for (const StrategyEntry& s : kStrategies) list.append(list.empty() ? "" : ", ").append(s.name);
  return list;
}

}  // namespace tiletune::detail
