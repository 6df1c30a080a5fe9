// The list of search strategies (<tiletune/search_strategies.h>) as the runtime reads it: every
// strategy on it has its name in messages and TILETUNE_SEARCH, runs as a tuning's search, and
// does what its line says (visits every configuration or part of the space; follows the seed or
// not). A strategy added to the list is held to all of this without a line here changing; its own
// behaviour is its own test's (search_test.cpp for the sample).
#include "search/search_strategies.h"
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using detail::kStrategies;
using detail::StrategyEntry;
using testing::FakeCompiler;
using testing::FakeDevice;

// 10 x 30 = 300 configurations: more than `auto` searches exhaustively, and more than a partial
// strategy visits. Each costs a different time, the best at a = 7, b = 20.
SiteInfo site_of_300() {
  SiteInfo info;
  info.file = "grid.cu";
  info.line = 4;
  info.kernel = "grid<$a, $b>";
  info.device_source = "template <int A, int B> __global__ void grid() {}";
  info.name_expression = "grid<$a,$b>";
  std::vector<long long> a, b;
  for (long long v = 1; v <= 10; ++v) a.push_back(v);
  for (long long v = 1; v <= 30; ++v) b.push_back(v);
  info.space = Space::cartesian({{"a", a}, {"b", b}});
  return info;
}

double cost(const std::string& variant, const Geometry&) {
  // "grid<(7),(20)>|...": the two numbers.
  const std::size_t open = variant.find('(');
  const long long a = std::stoll(variant.substr(open + 1));
  const long long b = std::stoll(variant.substr(variant.find('(', open + 1) + 1));
  return 1 + 0.01 * static_cast<double>((a - 7) * (a - 7) + (b - 20) * (b - 20));
}

struct Tuned {
  TuningResult result;
  std::set<std::string> compiled;  // visited, and built ahead for a round that did not come
  std::set<std::string> visited;   // measured, in the table
};

Tuned tune_with(SearchStrategy strategy, unsigned long long seed) {
  auto device = std::make_unique<FakeDevice>(cost);
  auto compiler = std::make_shared<FakeCompiler>();
  RuntimeOptions options;
  options.log = nullptr;
  Runtime runtime(std::move(device), compiler, options);
  Site site(site_of_300(), &runtime);
  const auto tuning = [&] {
    TuningOptions o;
    o.search.strategy = strategy;
    o.search.seed = seed;
    return o;
  };
  void* args[1] = {nullptr};
  site.launch(
      key(1),
      [](const Config&) {
        return Geometry{Dim(1), Dim(32), 0, nullptr};
      },
      args, tuning);
  Tuned tuned{*site.result(key(1)), {}, {}};
  for (const Measurement& m : tuned.result.measurements)
    if (!m.not_visited) tuned.visited.insert(site_of_300().space.describe(m.config));
  std::lock_guard lock(compiler->mutex);
  tuned.compiled = {compiler->requested.begin(), compiler->requested.end()};
  return tuned;
}

TEST(SearchStrategies, AutoComesFirstThenTheListInItsOrder) {
  std::vector<std::string> names;
  for (const StrategyEntry& s : kStrategies) names.emplace_back(s.name);
  ASSERT_GE(names.size(), 3u);
  EXPECT_EQ(names.front(), "auto");
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  EXPECT_EQ(detail::strategy_name_list(), list);
}

TEST(SearchStrategies, EveryNameAndEnumeratorStandsForItsOwnStrategy) {
  std::set<std::string> names;
  for (const StrategyEntry& s : kStrategies) {
    EXPECT_TRUE(names.insert(std::string(s.name)).second) << s.name << " is on the list twice";
    EXPECT_EQ(detail::strategy_named(s.name), s.strategy) << s.name;
    EXPECT_EQ(detail::strategy_entry(s.strategy).name, s.name);
  }
  EXPECT_FALSE(detail::strategy_named("Sample"));
  EXPECT_FALSE(detail::strategy_named(""));
}

TEST(SearchStrategies, TheEnvironmentTakesEveryName) {
  for (const StrategyEntry& s : kStrategies) {
    ::setenv("TILETUNE_SEARCH", std::string(s.name).c_str(), 1);
    std::vector<std::string> warnings;
    const RuntimeOptions options =
        RuntimeOptions::from_environment([&](const std::string& w) { warnings.push_back(w); });
    EXPECT_EQ(options.search, s.strategy) << s.name;
    EXPECT_TRUE(warnings.empty()) << warnings.front();
  }
  ::unsetenv("TILETUNE_SEARCH");
}

TEST(SearchStrategies, EachRunsAsATuningsSearchAndVisitsWhatItsLineSays) {
  for (const StrategyEntry& s : kStrategies) {
    const Tuned tuned = tune_with(s.strategy, 5);
    const StrategyEntry& ran = detail::strategy_entry(detail::resolved_strategy(s.strategy, 300));
    EXPECT_EQ(tuned.result.search.rfind(std::string(ran.name), 0), 0u)
        << s.name << ": " << tuned.result.search;
    EXPECT_GE(tuned.result.best, 0) << s.name;
    EXPECT_GE(tuned.result.rounds, 1) << s.name;
    if (ran.visits == detail::Visits::every_configuration) {
      EXPECT_EQ(tuned.compiled.size(), 300u) << s.name;
      EXPECT_EQ(tuned.result.best_config(), (Config{7, 20})) << s.name;
    } else {
      EXPECT_LT(tuned.compiled.size(), 300u) << s.name;
    }
  }
}

TEST(SearchStrategies, ASeededStrategyFollowsTheSeedAndAnUnseededOneIgnoresIt) {
  for (const StrategyEntry& s : kStrategies) {
    // Visited, not compiled: what is built ahead depends on which builds finished first (the
    // fastest of half a sample measured in the order they were ready).
    const Tuned first = tune_with(s.strategy, 11);
    EXPECT_EQ(tune_with(s.strategy, 11).visited, first.visited)
        << s.name << ": the same seed visits the same configurations";
    if (detail::strategy_entry(detail::resolved_strategy(s.strategy, 300)).seeding ==
        detail::Seeding::unseeded)
      EXPECT_EQ(tune_with(s.strategy, 12).visited, first.visited)
          << s.name << " takes no seed, so another changes nothing";
  }
}

}  // namespace
}  // namespace tiletune
