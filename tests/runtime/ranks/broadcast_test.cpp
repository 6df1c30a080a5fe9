// The broadcast hook within one process: each test plays the root rank and then another rank in
// turn (each with its own runtime, device, compiler and results file), the "wire" between them a
// string the root's function fills and the other's reads.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/broadcast.h>
#include <tiletune/error.h>
#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::vadd_site;

const std::string k256 = "vadd<(256)>|occ=0|ntid=0";

// One rank: its own runtime on a fake device, its own results file.
struct Rank {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  Rank(FakeDevice::Cost cost, const std::string& results, bool pinned = false) {
    auto d = std::make_unique<FakeDevice>(std::move(cost));
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    options.results_file = results;
    options.pinned = pinned;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
  TuningResult launch(Site& site, int n) {
    launch_only(site, n);
    return *site.result(key(n));
  }
  // A launch during capture keeps no result.
  void launch_only(Site& site, int n) {
    void* args[1] = {&n};
    site.launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args);
  }
  TuningResult launch(SiteInfo info, int n) {
    Site site(std::move(info), runtime.get());
    return launch(site, n);
  }
};

// The bytes between the root and the other rank, and how often each called its function.
struct Wire {
  std::string bytes;
  int root_calls = 0;
  int other_calls = 0;

  void be_root() {
    set_broadcast(Broadcast{true, [this](std::string& b) {
                              ++root_calls;
                              bytes = b;
                            }});
  }
  void be_other() {
    set_broadcast(Broadcast{false, [this](std::string& b) {
                              ++other_calls;
                              EXPECT_TRUE(b.empty());
                              b = bytes;
                            }});
  }
};

class Ranks : public ::testing::Test {
 protected:
  void TearDown() override { set_broadcast(Broadcast{}); }
  testing::TemporaryDirectory dir;
  std::string root_results = dir / "root.txt";
  std::string other_results = dir / "other.txt";
  Wire wire;
};

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no tiletune::Error";
  return "";
}

TEST_F(Ranks, TheRootTunesAndAnotherRankAdoptsItsWinnerCompilingOnlyThatWithoutMeasuring) {
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  TuningResult tuned = root.launch(vadd_site(), 1000);
  EXPECT_TRUE(tuned.tuned);
  EXPECT_EQ(tuned.best_config(), (Config{256}));
  EXPECT_EQ(wire.root_calls, 1);

  Rank other(fastest_tile("64"), other_results);
  wire.be_other();
  Site site(vadd_site(), other.runtime.get());
  TuningResult adopted = other.launch(site, 1000);
  other.launch(site, 1000);  // the winner straight away: no second collective
  EXPECT_EQ(wire.other_calls, 1);
  EXPECT_TRUE(adopted.from_root);
  EXPECT_TRUE(adopted.tuned);
  EXPECT_FALSE(adopted.from_file);
  EXPECT_EQ(adopted.best_config(), (Config{256}));
  EXPECT_EQ(adopted.measurements.front().median_ms, tuned.measurements[tuned.best].median_ms);
  EXPECT_TRUE(other.device->timed().empty());
  EXPECT_EQ(other.compiler->requested, (std::vector<std::string>{k256}));
  EXPECT_EQ(other.device->launches(), (std::vector<std::string>{k256, k256}));
  EXPECT_NE(other.log.text().find("tiletune: vadd.cu:3 vadd<$tile>: adopted the root rank's winner "
                                  "tile=256 (measured there); not measured here"),
            std::string::npos)
      << other.log.text();
  EXPECT_NE(adopted.table().find("[from the root rank: not measured here]"), std::string::npos);
  EXPECT_EQ(testing::read_bytes(other_results).size(), 0u);  // the root's file is the record
}

TEST_F(Ranks, TheRootsStoredWinnerIsBroadcastWithoutTuning) {
  {
    Rank earlier(fastest_tile("128"), root_results);
    EXPECT_EQ(earlier.launch(vadd_site(), 1000).best_config(), (Config{128}));
  }
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  EXPECT_TRUE(root.launch(vadd_site(), 1000).from_file);
  EXPECT_TRUE(root.device->timed().empty());

  Rank other(fastest_tile("64"), other_results);
  wire.be_other();
  EXPECT_EQ(other.launch(vadd_site(), 1000).best_config(), (Config{128}));
}

TEST_F(Ranks, APinnedRootBroadcastsItsChoiceAndTheOtherRanksSaySoWithoutMeasuring) {
  Rank root(fastest_tile("256"), root_results, /*pinned=*/true);
  wire.be_root();
  EXPECT_EQ(root.launch(vadd_site(), 1000).best_config(), (Config{64}));

  Rank other(fastest_tile("256"), other_results);
  wire.be_other();
  TuningResult adopted = other.launch(vadd_site(), 1000);
  EXPECT_EQ(adopted.best_config(), (Config{64}));
  EXPECT_FALSE(adopted.tuned);
  EXPECT_EQ(adopted.not_tuned, "the root rank chose it without measuring");
  EXPECT_TRUE(other.device->timed().empty());
  EXPECT_NE(other.log.text().find("tile=64 (chosen without measuring there)"), std::string::npos)
      << other.log.text();
}

TEST_F(Ranks, TheRootsFailureIsBroadcastAndTheOtherRanksThrowNamingTheSite) {
  Rank root(fastest_tile("256"), root_results);
  root.compiler->fail_if = [](const std::string&) { return true; };
  wire.be_root();
  const std::string root_error = error_of([&] { root.launch(vadd_site(), 1000); });
  EXPECT_NE(root_error.find("no configuration of `vadd<$tile>` could run"), std::string::npos);
  EXPECT_EQ(wire.root_calls, 1);
  EXPECT_NE(root.log.text().find("no winner on the root rank; its failure is broadcast"),
            std::string::npos);

  Rank other(fastest_tile("64"), other_results);
  wire.be_other();
  EXPECT_EQ(error_of([&] { other.launch(vadd_site(), 1000); }),
            "vadd.cu:3: tiletune: the root rank found no winner for vadd.cu:3 vadd<$tile> "
            "key=(1000): " +
                root_error);
  EXPECT_EQ(other.compiler->compiles.load(), 0);
}

TEST_F(Ranks, ARootWinnerThatDoesNotBuildOnAnotherRankIsAnErrorNamingSiteAndConfiguration) {
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  root.launch(vadd_site(), 1000);

  Rank other(fastest_tile("64"), other_results);
  other.compiler->fail_if = [](const std::string& v) { return v == k256; };
  wire.be_other();
  EXPECT_EQ(error_of([&] { other.launch(vadd_site(), 1000); })
                .rfind("vadd.cu:3: tiletune: the root rank's winner tile=256 does not build on "
                       "this rank: fake compile error for " +
                           k256,
                       0),
            0u);
}

TEST_F(Ranks, RanksAtDifferentFirstLaunchesThrowInsteadOfAdopting) {
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  root.launch(vadd_site(), 1000);

  Rank other(fastest_tile("64"), other_results);
  wire.be_other();
  EXPECT_EQ(error_of([&] { other.launch(vadd_site(), 2000); }),
            "vadd.cu:3: tiletune: the root rank broadcast the first launch of vadd.cu:3 "
            "vadd<$tile> key=(1000) while this rank is at vadd.cu:3 vadd<$tile> key=(2000) (every "
            "rank must reach the first launch of each key in the same order)");
  SiteInfo hinted = vadd_site();
  hinted.hints.occupancy = 2;
  EXPECT_EQ(error_of([&] { other.launch(hinted, 1000); }),
            "vadd.cu:3: tiletune: the root rank's static hints (occupancy=0 num_ctas=0) differ "
            "from this rank's (occupancy=2 num_ctas=0)");
  SiteInfo other_space = vadd_site();
  other_space.space = Space::cartesian({{"tile", {64, 128, 512}}});
  EXPECT_NE(error_of([&] {
              other.launch(other_space, 1000);
            }).find("vadd.cu:3: tiletune: the root rank's winner is for another space"),
            std::string::npos);
  EXPECT_EQ(other.compiler->compiles.load(), 0);
}

TEST_F(Ranks, BytesThatAreNotARecordAreAnErrorNamingTheSite) {
  Rank other(fastest_tile("64"), other_results);
  wire.bytes = "not a record\n";
  wire.be_other();
  EXPECT_EQ(error_of([&] {
              other.launch(vadd_site(), 1000);
            }).rfind("vadd.cu:3: tiletune: the broadcast bytes are not a tiletune record", 0),
            0u);
}

TEST_F(Ranks, AFirstLaunchDuringCaptureNeverCallsTheHookAndTheNextOneOutsideDoes) {
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  root.launch(vadd_site(), 1000);

  Rank other(fastest_tile("64"), other_results);
  wire.be_other();
  Site site(vadd_site(), other.runtime.get());
  other.device->capture = true;
  other.launch_only(site, 1000);
  EXPECT_EQ(wire.other_calls, 0);
  other.device->capture = false;
  EXPECT_EQ(other.launch(site, 1000).best_config(), (Config{256}));
  EXPECT_EQ(wire.other_calls, 1);
  EXPECT_EQ(other.device->launches(), (std::vector<std::string>{"vadd<(64)>|occ=0|ntid=0", k256}));
}

TEST_F(Ranks, ABroadcastFunctionThatThrowsOnTheRootReachesTheLaunchAndIsCalledOnce) {
  Rank root(fastest_tile("256"), root_results);
  int calls = 0;
  set_broadcast(Broadcast{true, [&](std::string&) {
                            ++calls;
                            throw Error("the job's broadcast failed");
                          }});
  EXPECT_EQ(error_of([&] { root.launch(vadd_site(), 1000); }), "the job's broadcast failed");
  EXPECT_EQ(calls, 1);
}

TEST_F(Ranks, WithTheHookOffEachProcessTunesForItself) {
  Rank root(fastest_tile("256"), root_results);
  wire.be_root();
  set_broadcast(Broadcast{});
  Rank other(fastest_tile("64"), other_results);
  EXPECT_EQ(other.launch(vadd_site(), 1000).best_config(), (Config{64}));
  EXPECT_FALSE(other.device->timed().empty());
  EXPECT_EQ(wire.root_calls, 0);
}

}  // namespace
}  // namespace tiletune
