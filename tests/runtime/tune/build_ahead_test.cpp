// The rules that keep the workers and the measuring thread busy, on the fake device (no timing):
// builds started ahead and dropped (tune/build_schedule.h), which neighbours the sample strategy
// builds ahead (tune/search/search.h), the order a round is measured in (the cost model's, then
// whichever build is ready: tune/cost_model.h), and the configurations the cost model leaves
// unmeasured, with the table's line for them.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/vadd_site.h"
#include "tune/build_schedule.h"
#include "tune/search/search.h"

#include <tiletune/error.h>
#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

// Blocks the compile of one variant until released; a deadline stands in for a release that never
// comes (so that a wrong order fails the test rather than hanging it).
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool entered = false, released = false;

  void enter() {
    std::unique_lock lock(mutex);
    entered = true;
    changed.notify_all();
    changed.wait_for(lock, std::chrono::seconds(20), [&] { return released; });
  }
  void wait_entered() {
    std::unique_lock lock(mutex);
    changed.wait_for(lock, std::chrono::seconds(20), [&] { return entered; });
  }
  void release() {
    std::lock_guard lock(mutex);
    released = true;
    changed.notify_all();
  }
};

detail::CompileRequest request_for(const std::string& name) {
  detail::CompileRequest r;
  r.source = "template <int N> __global__ void k() {}";
  r.source_name = "k.cu";
  r.name_expression = name;
  r.arch = 90;
  return r;
}

std::string error_of(std::future<detail::Built>& f) {
  try {
    f.get();
    return "";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(BuildAhead, ADroppedBuildIsNeverCompiledIfNotStartedAndNeverLoadedIfCompiling) {
  FakeDevice device([](const std::string&, const Geometry&) { return 1.0; });
  FakeCompiler compiler;
  detail::ThreadPool pool(1);  // one at a time: the second and third wait behind the first
  detail::TuningSettings settings;
  settings.front_end_batch = 1;
  Gate gate;
  compiler.before_compile = [&](const std::string& name) {
    if (name.rfind("k<1>", 0) == 0) gate.enter();
  };
  std::vector<detail::DroppableBuild> builds = detail::start_droppable_builds(
      {device, compiler, pool, settings}, device.current_context(),
      {request_for("k<1>"), request_for("k<2>"), request_for("k<3>")});
  gate.wait_entered();
  // k<2> has not started: dropped, its future holds the error at once.
  EXPECT_TRUE(builds[1].drop());
  ASSERT_EQ(builds[1].future.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(error_of(builds[1].future), "dropped: no round visited it");
  // k<1> is compiling: it finishes, and is not loaded.
  EXPECT_TRUE(builds[0].drop());
  gate.release();
  EXPECT_EQ(error_of(builds[0].future), "dropped while compiling: built, not loaded");
  EXPECT_EQ(error_of(builds[2].future), "");
  EXPECT_EQ(compiler.compiles.load(), 2);  // k<1> and k<3>
  const std::vector<std::string> loaded = device.loaded();
  ASSERT_EQ(loaded.size(), 1u);
  EXPECT_EQ(loaded[0].rfind("k<3>", 0), 0u);
  // Done: nothing left to drop, and the caller must use (or wait for) it as any build.
  EXPECT_FALSE(builds[2].drop());
}

// 10 x 10 x 10 configurations over axes a, b, c (the sample: 30, then at most 50 more in its
// climbs), a bowl with its floor at (7, 3, 2).
SiteInfo bowl_site() {
  SiteInfo info = testing::vadd_site();
  info.kernel = info.name_expression = "k<$a,$b,$c>";
  info.device_source = "template <int A, int B, int C> __global__ void k() {}";
  const std::vector<long long> ten{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  info.space = Space::cartesian({{"a", ten}, {"b", ten}, {"c", ten}});
  return info;
}

double bowl(const Config& c) {
  const double a = static_cast<double>(c[0]) - 7, b = static_cast<double>(c[1]) - 3,
               d = static_cast<double>(c[2]) - 2;
  return 1 + 0.1 * a * a + 0.05 * b * b + 0.08 * d * d;
}

// Whether `a` and `b` differ along exactly one axis.
bool one_axis_apart(const Config& a, const Config& b) {
  int differ = 0;
  for (int i = 0; i < a.size(); ++i) differ += a[i] != b[i];
  return differ == 1;
}

TEST(BuildAhead, TheSampleBuildsAheadTheUnvisitedNeighboursOfWhatLeadsAndTheNextRoundHoldsThem) {
  const SiteInfo info = bowl_site();
  const std::vector<Config>& configs = info.space.configurations();
  TuningResult result;
  result.measurements.resize(configs.size());
  std::vector<std::vector<std::size_t>> rounds;
  std::vector<std::vector<std::size_t>> ahead_during;  // per round: what it built ahead
  std::vector<bool> measured(configs.size(), false), visited(configs.size(), false);
  const detail::VisitRound visit = [&](const std::vector<std::size_t>& round,
                                       const detail::Measured& after_each) {
    rounds.push_back(round);
    ahead_during.emplace_back();
    for (std::size_t i : round) visited[i] = true;
    for (std::size_t i : round) {
      Measurement& m = result.measurements[i];
      m.ok = true;
      m.median_ms = bowl(configs[i]);
      measured[i] = true;
      if (result.best < 0 || m.median_ms < result.measurements[result.best].median_ms)
        result.best = static_cast<int>(i);
      if (after_each) after_each(i);
    }
    return true;
  };
  const detail::BuildAhead build_ahead = [&](const std::vector<std::size_t>& indices) {
    ASSERT_FALSE(rounds.empty()) << "built ahead before the first round";
    for (std::size_t i : indices) {
      EXPECT_FALSE(visited[i]) << info.space.describe(configs[i]) << " was visited already";
      // A neighbour of a configuration measured by now, and of the fastest of them.
      bool beside_measured = false;
      for (std::size_t j = 0; j < configs.size(); ++j)
        beside_measured |= measured[j] && one_axis_apart(configs[i], configs[j]);
      EXPECT_TRUE(beside_measured) << info.space.describe(configs[i]);
      ahead_during.back().push_back(i);
    }
  };
  Search options;
  options.strategy = SearchStrategy::sample;
  options.seed = 3;
  detail::search(info.space, std::vector<bool>(configs.size(), true), options, result, visit,
                 nullptr, build_ahead);
  ASSERT_GE(rounds.size(), 3u);
  // Every round after the first finds some of its configurations built during the one before.
  for (std::size_t r = 1; r < rounds.size(); ++r) {
    std::size_t found = 0;
    for (std::size_t i : rounds[r])
      found += std::count(ahead_during[r - 1].begin(), ahead_during[r - 1].end(), i) > 0;
    EXPECT_GT(found, 0u) << "round " << r;
  }
  EXPECT_EQ(configs[static_cast<std::size_t>(result.best)], (Config{7, 3, 2}));
}

TEST(BuildAhead, TheSampleBuildsAheadOnlyOnceHalfOfItIsMeasuredAroundTheFastestSoFar) {
  const SiteInfo info = bowl_site();
  const std::vector<Config>& configs = info.space.configurations();
  TuningResult result;
  result.measurements.resize(configs.size());
  std::size_t rounds = 0, sample = 0, measured_in_sample = 0;
  std::vector<std::size_t> measured_at_each;  // of the sample, at each call of the hook
  const detail::VisitRound visit = [&](const std::vector<std::size_t>& round,
                                       const detail::Measured& after_each) {
    if (++rounds == 1) sample = round.size();
    for (std::size_t i : round) {
      Measurement& m = result.measurements[i];
      m.ok = true;
      m.median_ms = bowl(configs[i]);
      if (result.best < 0 || m.median_ms < result.measurements[result.best].median_ms)
        result.best = static_cast<int>(i);
      measured_in_sample += rounds == 1;
      if (after_each) after_each(i);
    }
    return true;
  };
  const detail::BuildAhead build_ahead = [&](const std::vector<std::size_t>& indices) {
    if (rounds != 1) return;
    measured_at_each.push_back(measured_in_sample);
    // Around the fastest measured so far.
    for (std::size_t i : indices)
      EXPECT_TRUE(one_axis_apart(configs[i], configs[static_cast<std::size_t>(result.best)]))
          << info.space.describe(configs[i]);
  };
  Search options;
  options.strategy = SearchStrategy::sample;
  options.seed = 3;
  detail::search(info.space, std::vector<bool>(configs.size(), true), options, result, visit,
                 nullptr, build_ahead);
  ASSERT_GE(sample, 16u);
  ASSERT_FALSE(measured_at_each.empty()) << "the sample built nothing ahead";
  EXPECT_EQ(measured_at_each.front(), (sample + 1) / 2) << "first at half the sample, not before";
  for (std::size_t n : measured_at_each) EXPECT_GE(n * 2, sample);
}

TEST(BuildAhead, WithoutAHookNothingIsBuiltAheadAndTheSameRoundsAreVisited) {
  const SiteInfo info = bowl_site();
  const std::vector<Config>& configs = info.space.configurations();
  std::vector<std::vector<std::vector<std::size_t>>> both;
  for (bool hook : {false, true}) {
    TuningResult result;
    result.measurements.resize(configs.size());
    std::vector<std::vector<std::size_t>> rounds;
    const detail::VisitRound visit = [&](const std::vector<std::size_t>& round,
                                         const detail::Measured& after_each) {
      rounds.push_back(round);
      for (std::size_t i : round) {
        result.measurements[i].ok = true;
        result.measurements[i].median_ms = bowl(configs[i]);
        if (result.best < 0 ||
            result.measurements[i].median_ms < result.measurements[result.best].median_ms)
          result.best = static_cast<int>(i);
        if (after_each) after_each(i);
      }
      return true;
    };
    Search options;
    options.strategy = SearchStrategy::sample;
    detail::search(info.space, std::vector<bool>(configs.size(), true), options, result, visit,
                   nullptr, hook ? [](const std::vector<std::size_t>&) {} : detail::BuildAhead());
    both.push_back(rounds);
  }
  EXPECT_EQ(both[0], both[1]);  // building ahead changes when, not what, a tuning visits
}

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  explicit Fixture(FakeDevice::Cost cost, RuntimeOptions options = {}) {
    auto d = std::make_unique<FakeDevice>(std::move(cost));
    device = d.get();
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

TuningResult tune(Fixture& f, const SiteInfo& info, Geometry (*geometry)(const Config&),
                  SearchStrategy strategy = SearchStrategy::exhaustive) {
  Site site(info, f.runtime.get());
  const auto options = [&] {
    TuningOptions o;
    o.search.strategy = strategy;
    return o;
  };
  void* args[1] = {nullptr};
  site.launch(key(1), geometry, args, options);
  return *site.result(key(1));
}

// `blocks` blocks of 128 threads.
Geometry grid_of(const Config& c) {
  return Geometry{Dim(static_cast<unsigned>(c[0])), Dim(128), 0, nullptr};
}

TEST(BuildAhead, ARoundIsMeasuredMostPromisingFirstAndWhatLeavesTheDeviceIdleIsNotMeasured) {
  // On 132 multiprocessors: 66 blocks use half the device, 264 all of it, 8 under a sixteenth.
  // Whichever of 264 and 66 is built first is measured first; 8, under a quarter of 264's
  // predicted use, waits for its turn after both, and is then left unmeasured.
  Fixture f([](const std::string& variant, const Geometry&) {
    return variant.rfind("vadd<(264)>", 0) == 0 ? 1.0 : 2.0;
  });
  const SiteInfo info = testing::vadd_site(Space::cartesian({{"tile", {66, 8, 264}}}));
  const TuningResult r = tune(f, info, grid_of);
  const std::vector<std::string> timed = f.device->timed();
  ASSERT_FALSE(timed.empty());
  std::set<std::string> measured;
  for (const std::string& t : timed) measured.insert(t.substr(0, t.find('|')));
  EXPECT_EQ(measured, (std::set<std::string>{"vadd<(264)>", "vadd<(66)>"}));
  EXPECT_TRUE(r.measurements[1].not_visited);
  EXPECT_FALSE(r.measurements[1].ok);
  const std::string table = r.table();
  EXPECT_NE(table.find("\n1 configuration not measured: the cost model predicts it keeps under a "
                       "quarter of the device busy that a measured one does (blocks per "
                       "multiprocessor, waves)\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(r.best_config(), (Config{264}));
}

TEST(BuildAhead, AReadyBuildTheCostModelRanksFarBelowTheRoundsBestWaitsForItsTurn) {
  // 8 blocks on 132 multiprocessors, under a quarter of 264's use: its build is ready while
  // 264's is held, but it is not measured ahead of 264, after which it is left unmeasured. (Were
  // it measured ahead, 264's compile would be let go as soon as it was timed.)
  RuntimeOptions options;
  options.workers = 2;
  Fixture f([](const std::string&, const Geometry&) { return 1.0; }, options);
  f.compiler->before_compile = [&](const std::string& name) {
    if (name.rfind("vadd<(264)>", 0) != 0) return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (std::chrono::steady_clock::now() < deadline) {
      for (const std::string& t : f.device->timed())
        if (t.rfind("vadd<(8)>", 0) == 0) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  };
  const SiteInfo info = testing::vadd_site(Space::cartesian({{"tile", {264, 8}}}));
  const TuningResult r = tune(f, info, grid_of);
  for (const std::string& t : f.device->timed()) EXPECT_EQ(t.rfind("vadd<(264)>", 0), 0u) << t;
  EXPECT_TRUE(r.measurements[1].not_visited);
  EXPECT_EQ(r.best_config(), (Config{264}));
}

TEST(BuildAhead, WhereNoGridReachesEveryMultiprocessorTheDevicesUseLeavesNothingUnmeasured) {
  // A problem too small for the device: 100 blocks at most, on 132 multiprocessors.
  Fixture f([](const std::string&, const Geometry&) { return 1.0; });
  const SiteInfo info = testing::vadd_site(Space::cartesian({{"tile", {100, 4, 50}}}));
  const TuningResult r = tune(f, info, grid_of);
  for (const Measurement& m : r.measurements) EXPECT_TRUE(m.ok) << m.failure;
  // 100 and 50 in the order their builds are ready; 4, under a quarter of 100's use, after both.
  std::vector<std::string> order;
  for (const std::string& t : f.device->timed()) {
    const std::string name = t.substr(0, t.find('|'));
    if (order.empty() || order.back() != name) order.push_back(name);
  }
  ASSERT_EQ(order.size(), 3u);
  EXPECT_EQ(order.back(), "vadd<(4)>");
}

TEST(BuildAhead, TheMeasuringThreadTakesAReadyBuildBeforeWaitingForASlowOne) {
  RuntimeOptions options;
  options.workers = 4;
  Fixture f([](const std::string&, const Geometry&) { return 1.0; }, options);
  Gate gate;
  f.compiler->before_compile = [&](const std::string& name) {
    if (name.rfind("vadd<(1)>", 0) == 0) gate.enter();
  };
  // The first configuration's build is held until the last one runs.
  f.device->effect = [&](const std::string& variant, const Geometry&, void**) {
    if (variant.rfind("vadd<(3)>", 0) == 0) gate.release();
  };
  const SiteInfo info = testing::vadd_site(Space::cartesian({{"tile", {1, 2, 3}}}));
  tune(f, info, [](const Config&) { return Geometry{Dim(264), Dim(128), 0, nullptr}; });
  std::vector<std::string> order;
  for (const std::string& t : f.device->timed()) {
    const std::string name = t.substr(0, t.find('|'));
    if (order.empty() || order.back() != name) order.push_back(name);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"vadd<(2)>", "vadd<(3)>", "vadd<(1)>"}));
}

}  // namespace
}  // namespace tiletune
