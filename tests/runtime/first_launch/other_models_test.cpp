// Winners across GPU models: a results file holding another model's winner for a key starts this
// model's tuning there (measured first, then a local search around it), said in the table; under
// TILETUNE_MODE=pinned the nearest model's winner is launched instead of the first configuration.
// Each "model" is the fake device with another id; the tile that is fastest differs by model.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

const std::string kH100 = "NVIDIA H100 80GB HBM3 sm_90 132SM";
const std::string kH200 = "NVIDIA H200 sm_90 132SM";

// tile = 32, 64, ..., 512: sixteen values, so the automatic search is exhaustive.
Space tiles() {
  std::vector<long long> values;
  for (long long t = 32; t <= 512; t += 32) values.push_back(t);
  return Space::cartesian({{"tile", values}});
}

// One model: the fake device named `id`, fastest at tile `best` (the time grows with the
// distance from it), on the shared results file.
struct Model {
  FakeDevice* device;
  testing::LogFile log;
  std::unique_ptr<Runtime> runtime;
  std::unique_ptr<Site> site;

  Model(const std::string& id, long long best, const std::string& results, bool pinned = false,
        Space space = tiles()) {
    auto d = std::make_unique<FakeDevice>([best](const std::string& v, const Geometry&) {
      const long long tile = std::stoll(v.substr(v.find('(') + 1));
      return 1.0 + 0.1 * static_cast<double>(std::llabs(tile - best)) / 32;
    });
    device = d.get();
    device->device_info.id = id;
    device->device_info.name = id.substr(0, id.find(" sm_"));
    RuntimeOptions options;
    options.log = log.get();
    options.log_level = 1;
    options.results_file = results;
    options.pinned = pinned;
    runtime = std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(), options);
    site = std::make_unique<Site>(testing::vadd_site(std::move(space)), runtime.get());
  }
  SearchStrategy strategy = SearchStrategy::automatic;  // the site's `search`

  TuningResult launch() {
    int n = 1000;
    void* args[1] = {&n};
    auto options = [&] {
      TuningOptions o;
      o.search.strategy = strategy;
      return o;
    };
    site->launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args, options);
    return *site->result(key(n));
  }
  // How many configurations were measured.
  std::size_t measured() {
    const std::vector<std::string> timed = device->timed();
    return std::set<std::string>(timed.begin(), timed.end()).size();
  }
};

TEST(OtherModels, AnotherModelsWinnerStartsAShortSearchThatFindsThisModelsWinner) {
  testing::TemporaryDirectory dir;
  const std::string results = (dir.path() / "results.txt").string();
  Model h100(kH100, 384, results);
  EXPECT_EQ(h100.launch().best_config()[0], 384);
  EXPECT_EQ(h100.measured(), 16u);  // cold: every configuration

  Model h200(kH200, 448, results);
  const TuningResult warm = h200.launch();
  EXPECT_TRUE(warm.tuned);
  EXPECT_FALSE(warm.from_file);
  EXPECT_EQ(warm.best_config()[0], 448);  // the cold tuning's winner on this model
  EXPECT_LT(h200.measured(), 8u);         // 384, then the climb to 448 and one past it
  EXPECT_EQ(warm.search,
            "started from " + kH100 + "'s winner tile=384, then local search around it");
  EXPECT_NE(h200.log.text().find("search: started from " + kH100 + "'s winner tile=384"),
            std::string::npos)
      << h200.log.text();
  // This model's winner is stored under its own id: the next process reads it, measures nothing.
  Model again(kH200, 448, results);
  EXPECT_TRUE(again.launch().from_file);
  EXPECT_EQ(again.measured(), 0u);
}

TEST(OtherModels, TheNearestModelStarts) {
  testing::TemporaryDirectory dir;
  const std::string results = (dir.path() / "results.txt").string();
  // Same compute capability, 114 and 100 multiprocessors; another capability with 132.
  Model(kH100.substr(0, kH100.size() - 5) + "114SM", 128, results).launch();
  Model("NVIDIA H100 PCIe sm_90 100SM", 256, results).launch();
  Model("NVIDIA A100 sm_80 132SM", 512, results).launch();
  Model h200(kH200, 160, results);
  EXPECT_EQ(h200.launch().search,
            "started from NVIDIA H100 80GB HBM3 sm_90 114SM's winner "
            "tile=128, then local search around it");
}

TEST(OtherModels, AnExhaustiveSiteMeasuresEverythingStill) {
  testing::TemporaryDirectory dir;
  const std::string results = (dir.path() / "results.txt").string();
  Model(kH100, 384, results).launch();
  Model h200(kH200, 448, results);
  h200.strategy = SearchStrategy::exhaustive;
  EXPECT_EQ(h200.launch().search, "exhaustive");
  EXPECT_EQ(h200.measured(), 16u);
}

TEST(OtherModels, AStartThatDoesNotRunHereFallsBackToTheSample) {
  testing::TemporaryDirectory dir;
  const std::string results = (dir.path() / "results.txt").string();
  Model(kH100, 384, results).launch();
  Model h200(kH200, 448, results);
  h200.device->launch_fail_if = [](const std::string& v) {
    return v.find("(384)") != std::string::npos;
  };
  const TuningResult r = h200.launch();
  EXPECT_EQ(r.search, "started from " + kH100 +
                          "'s winner tile=384, then local search around it (it did not run here: "
                          "sampled instead)");
  EXPECT_EQ(r.best_config()[0], 448);
}

TEST(OtherModels, PinnedTakesTheNearestModelsWinnerWhereThisModelHasNone) {
  testing::TemporaryDirectory dir;
  const std::string results = (dir.path() / "results.txt").string();
  Model(kH100, 384, results).launch();
  Model pinned(kH200, 448, results, true);
  const TuningResult r = pinned.launch();
  EXPECT_EQ(r.best_config()[0], 384);
  EXPECT_FALSE(r.tuned);
  EXPECT_EQ(pinned.measured(), 0u);
  EXPECT_NE(pinned.log.text().find("TILETUNE_MODE=pinned and no stored winner for this model: "
                                   "using tile=384, the winner stored for " +
                                   kH100 + " (the nearest model in the results file)"),
            std::string::npos)
      << pinned.log.text();
  // With no model stored at all: the first configuration that builds, as before.
  testing::TemporaryDirectory empty;
  Model alone(kH200, 448, (empty.path() / "results.txt").string(), true);
  EXPECT_EQ(alone.launch().best_config()[0], 32);
}

}  // namespace
}  // namespace tiletune
