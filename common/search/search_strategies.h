// The search strategies by the names an annotation's `search` and TILETUNE_SEARCH give them, and
// what `auto` stands for: written once for the tool (its checks, its warning of a large space, the
// code it generates) and the runtime (its options, the search itself).
#pragma once

#include <tiletune/tuning_options.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

struct StrategyName {
  std::string_view name;        // as written: "auto"
  SearchStrategy strategy;      // SearchStrategy::automatic
  std::string_view enumerator;  // its enumerator's name, for generated code: "automatic"
};

// In the order messages list them.
inline constexpr StrategyName kStrategyNames[] = {
    {"auto", SearchStrategy::automatic, "automatic"},
    {"exhaustive", SearchStrategy::exhaustive, "exhaustive"},
    {"sample", SearchStrategy::sample, "sample"},
};

// The strategy written `name`, or nullopt.
constexpr std::optional<SearchStrategy> strategy_named(std::string_view name) {
  for (const StrategyName& s : kStrategyNames)
    if (s.name == name) return s.strategy;
  return std::nullopt;
}

// "auto, exhaustive, sample".
inline std::string strategy_name_list() {
  std::string list;
  for (const StrategyName& s : kStrategyNames) list.append(list.empty() ? "" : ", ").append(s.name);
  return list;
}

// The strategy `automatic` stands for in a space of `size` configurations: exhaustive up to
// kExhaustiveUpTo (why: <tiletune/rules.h>), else the sample.
constexpr SearchStrategy resolved_strategy(SearchStrategy strategy, std::size_t size) {
  if (strategy != SearchStrategy::automatic) return strategy;
  return size <= kExhaustiveUpTo ? SearchStrategy::exhaustive : SearchStrategy::sample;
}

}  // namespace tiletune::detail
