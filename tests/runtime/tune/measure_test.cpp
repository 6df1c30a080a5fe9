// How samples are timed (TuningOptions::measure, TILETUNE_MEASURE): eager launches, replays of a
// graph of kGraphLaunches launches, or launches after an L2 flush; the mode is in the result, its
// table and the results file. The fake device's graph cost differs from its eager cost, so that
// the two modes pick different winners, as a short kernel's launch cost makes them do on a GPU.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

// Eager: tile=64 fastest. Inside a graph (no launch cost): tile=256 fastest.
double eager_cost(const std::string& v, const Geometry&) {
  return v.find("(64)") != std::string::npos ? 1.0 : 2.0;
}
double graph_cost(const std::string& v, const Geometry&) {
  return v.find("(256)") != std::string::npos ? 0.25 : 0.5;
}

struct Fixture {
  FakeDevice* device;
  std::unique_ptr<Runtime> runtime;

  explicit Fixture(RuntimeOptions options = {}) {
    auto d = std::make_unique<FakeDevice>(eager_cost);
    d->graph_cost = graph_cost;
    device = d.get();
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(), options);
  }
};

TuningResult launch(Fixture& f, Site& site, Measure measure, bool flush_l2 = false) {
  long long n = 4096;
  void* args[1] = {&n};
  auto options = [&] {
    TuningOptions o;
    o.measure = measure;
    o.flush_l2 = flush_l2;
    return o;
  };
  site.launch(
      key(n),
      [&](const Config& c) {
        return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
      },
      args, options);
  return *site.result(key(n));
}

int count_starting(const std::vector<std::string>& events, const std::string& prefix) {
  return static_cast<int>(std::count_if(
      events.begin(), events.end(), [&](const std::string& e) { return e.rfind(prefix, 0) == 0; }));
}

TEST(Measure, EagerTimesLaunchesAndSaysSo) {
  Fixture f;
  Site site(testing::vadd_site(), f.runtime.get());
  const TuningResult r = launch(f, site, Measure::eager);
  EXPECT_EQ(r.best_config(), (Config{64}));
  EXPECT_EQ(r.measure, "eager");
  EXPECT_EQ(count_starting(f.device->events(), "graph "), 0);
  EXPECT_NE(r.table().find("measured: eager\n"), std::string::npos) << r.table();
}

TEST(Measure, GraphTimesReplaysOfAGraphPerLaunchAndPicksTheGraphsWinner) {
  Fixture f;
  Site site(testing::vadd_site(), f.runtime.get());
  const TuningResult r = launch(f, site, Measure::graph);
  EXPECT_EQ(r.best_config(), (Config{256}));
  EXPECT_EQ(r.measure, "graph");
  // Per launch: the replay's time over its kGraphLaunches launches.
  EXPECT_DOUBLE_EQ(r.measurements[2].median_ms, 0.25);
  const std::vector<std::string> events = f.device->events();
  // One graph per configuration, made once and released; every sample a replay, no eager timing.
  EXPECT_EQ(
      count_starting(events, "graph vadd<(64)>|occ=0|ntid=0 x" + std::to_string(kGraphLaunches)),
      1);
  EXPECT_EQ(count_starting(events, "release graph "), 3);
  EXPECT_EQ(count_starting(events, "time "), 0);
  EXPECT_EQ(count_starting(events, "replay vadd<(256)>"),
            r.measurements[2].samples + RuntimeOptions{}.sampling.warmup);
  EXPECT_NE(r.table().find("measured: graph\n"), std::string::npos) << r.table();
  // The real launch is an ordinary one, of the winner.
  EXPECT_EQ(events.back(), "launch vadd<(256)>|occ=0|ntid=0");
}

TEST(Measure, ColdFlushesL2BeforeEverySampleAndFlushL2IsCold) {
  for (bool flush_l2 : {false, true}) {
    Fixture f;
    Site site(testing::vadd_site(), f.runtime.get());
    const TuningResult r = launch(f, site, flush_l2 ? Measure::eager : Measure::cold, flush_l2);
    EXPECT_EQ(r.measure, "cold");
    const std::vector<std::string> events = f.device->events();
    const std::string flush = "fill " + std::to_string(2 * (32ll << 20));
    int flushed = 0;
    for (std::size_t i = 1; i < events.size(); ++i)
      flushed += events[i].rfind("time ", 0) == 0 && events[i - 1] == flush;
    int samples = 0;
    for (const Measurement& m : r.measurements) samples += m.samples;
    EXPECT_EQ(flushed, samples);
    EXPECT_EQ(f.device->live_allocations(), 0u);
  }
}

TEST(Measure, TheEnvironmentOverridesTheSite) {
  RuntimeOptions options;
  options.measure = Measure::graph;
  Fixture f(options);
  Site site(testing::vadd_site(), f.runtime.get());
  const TuningResult r = launch(f, site, Measure::cold);
  EXPECT_EQ(r.measure, "graph");
  EXPECT_EQ(r.best_config(), (Config{256}));
}

TEST(Measure, TheResultsFileSaysHowTheWinnerWasMeasured) {
  testing::TemporaryDirectory dir;
  RuntimeOptions options;
  options.results_file = dir / "results.txt";
  {
    Fixture f(options);
    Site site(testing::vadd_site(), f.runtime.get());
    launch(f, site, Measure::graph);
  }
  std::ifstream in(options.results_file);
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  EXPECT_NE(text.find("\nmeasure = graph\n"), std::string::npos) << text;
  // A second process reads the winner and how it was measured.
  Fixture second(options);
  Site site(testing::vadd_site(), second.runtime.get());
  const TuningResult r = launch(second, site, Measure::graph);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(r.measure, "graph");
  EXPECT_EQ(r.best_config(), (Config{256}));
}

TEST(Measure, AWinnerStoredFromAnotherModeIsTunedAgain) {
  testing::TemporaryDirectory dir;
  RuntimeOptions options;
  options.results_file = dir / "results.txt";
  {
    Fixture f(options);
    Site site(testing::vadd_site(), f.runtime.get());
    EXPECT_EQ(launch(f, site, Measure::eager).best_config(), (Config{64}));
  }
  Fixture second(options);
  Site site(testing::vadd_site(), second.runtime.get());
  const TuningResult r = launch(second, site, Measure::graph);
  EXPECT_FALSE(r.from_file);
  EXPECT_EQ(r.measure, "graph");
  EXPECT_EQ(r.best_config(), (Config{256}));
}

TEST(Measure, PinnedTakesAWinnerStoredFromAnotherMode) {
  testing::TemporaryDirectory dir;
  RuntimeOptions options;
  options.results_file = dir / "results.txt";
  {
    Fixture f(options);
    Site site(testing::vadd_site(), f.runtime.get());
    launch(f, site, Measure::eager);
  }
  options.pinned = true;
  Fixture second(options);
  Site site(testing::vadd_site(), second.runtime.get());
  const TuningResult r = launch(second, site, Measure::graph);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(r.measure, "eager");
  EXPECT_EQ(r.best_config(), (Config{64}));
}

}  // namespace
}  // namespace tiletune
