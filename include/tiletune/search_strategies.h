// The search strategies, one line each: the one list of them. A strategy's line gives its
// enumerator (tiletune::SearchStrategy), its name in an annotation's `search` and in
// TILETUNE_SEARCH, whether it visits every configuration the device can launch or part of the
// space, and whether `seed` steers it. From this list the public enum gets its enumerators, the
// tool and the runtime their names and properties (common/search/search_strategies.h), and the
// runtime its search: strategy E is the function search_E, in runtime/tune/search/E.cpp. A new
// strategy is a line here, that file and a test. `auto`, the default, is no strategy of its own but
// the rule that picks one by the space's size (common/search/automatic.h). C++17: user code reaches
// it through the public headers.
#pragma once

// S(enumerator, name, visits, seeding), visits: every_configuration | part_of_the_space,
// seeding: seeded | unseeded.
#define TILETUNE_SEARCH_STRATEGIES(S)                        \
  S(exhaustive, "exhaustive", every_configuration, unseeded) \
  S(sample, "sample", part_of_the_space, seeded)
