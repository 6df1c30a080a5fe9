// `search = auto`, the default: no strategy of its own, but the rule that picks one by the size of
// the space, written once for the tool (its warning of a large space) and the runtime (the search).
#pragma once

#include <tiletune/tuning_options.h>

#include <cstddef>
#include <string_view>

namespace tiletune::detail {

inline constexpr std::string_view kAutomaticName = "auto";

// The strategy `automatic` stands for in a space of `size` configurations: exhaustive up to
// kExhaustiveUpTo (why: <tiletune/rules.h>), else the sample. Any other strategy stands for itself.
constexpr SearchStrategy resolved_strategy(SearchStrategy strategy, std::size_t size) {
  if (strategy != SearchStrategy::automatic) return strategy;
  return size <= kExhaustiveUpTo ? SearchStrategy::exhaustive : SearchStrategy::sample;
}

}  // namespace tiletune::detail
