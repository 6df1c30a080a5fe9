// Graphs captured before their keys tuned, with the fake device standing in for the driver: each
// captured launch of a provisional configuration is recorded (graph, node), update_graph() points
// every executable graph made from the capture at the winner once the key has tuned (with the
// winner's geometry for that launch), says how many nodes it changed, and forgets what the
// application destroyed; TuneAhead tunes without launching, so a later capture holds the winner.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/vadd_site.h"

#include <tiletune/graphs.h>
#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::launch_vadd;
using testing::vadd_geometry;
using testing::vadd_site;

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  Fixture() {
    auto d = std::make_unique<FakeDevice>(fastest_tile("256"));
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }

  CUgraph_st* graph() { return static_cast<CUgraph_st*>(device->captured_graph()); }
};

// Two executable graphs the application instantiated from the capture (fake handles).
CUgraphExec_st* const kExec = reinterpret_cast<CUgraphExec_st*>(0x100);
CUgraphExec_st* const kOtherExec = reinterpret_cast<CUgraphExec_st*>(0x200);
void* const kFirstNode = reinterpret_cast<void*>(1);

TEST(GraphUpdate, AnExecutableGraphOfAProvisionalCaptureLaunchesTheWinnerAfterTheUpdate) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);  // captured: tile=64, the first that builds
  f.device->capture = false;
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);  // the key has not tuned yet
  EXPECT_EQ(f.device->exec_node(kExec, kFirstNode).variant, "vadd<(64)>|occ=0|ntid=0");

  launch_vadd(site, 1000);  // outside capture: tunes, tile=256 wins
  EXPECT_EQ(update_graph(kExec, f.graph()), 1);
  const FakeDevice::Node node = f.device->exec_node(kExec, kFirstNode);
  EXPECT_EQ(node.variant, "vadd<(256)>|occ=0|ntid=0");
  // The captured launch's geometry under the winner: 1000 elements in blocks of 256.
  EXPECT_EQ(node.geometry.blocks.x, 4u);
  EXPECT_EQ(node.geometry.threads.x, 256u);
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);       // up to date already
  EXPECT_EQ(update_graph(kOtherExec, f.graph()), 1);  // each executable graph of the capture
  EXPECT_EQ(f.device->exec_node(kOtherExec, kFirstNode).variant, "vadd<(256)>|occ=0|ntid=0");
}

TEST(GraphUpdate, EachCapturedLaunchOfTheGraphIsUpdatedWithItsOwnGeometry) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  launch_vadd(site, 100);  // another key, another node
  launch_vadd(site, 1000);
  f.device->capture = false;
  launch_vadd(site, 1000);  // only this key tunes
  EXPECT_EQ(update_graph(kExec, f.graph()), 2);
  EXPECT_EQ(f.device->exec_node(kExec, reinterpret_cast<void*>(2)).variant,
            "vadd<(64)>|occ=0|ntid=0");  // key 100 is still provisional
  launch_vadd(site, 100);
  EXPECT_EQ(update_graph(kExec, f.graph()), 1);
  const FakeDevice::Node node = f.device->exec_node(kExec, reinterpret_cast<void*>(2));
  EXPECT_EQ(node.variant, "vadd<(256)>|occ=0|ntid=0");
  EXPECT_EQ(node.geometry.blocks.x, 1u);  // 100 elements in blocks of 256
}

TEST(GraphUpdate, AGraphThatIsNotACaptureOfAProvisionalLaunchIsLeftAlone) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  launch_vadd(site, 1000);  // tuned before any capture
  f.device->capture = true;
  launch_vadd(site, 1000);  // the winner is captured
  f.device->capture = false;
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);
  int unrelated = 0;
  EXPECT_EQ(update_graph(kExec, reinterpret_cast<CUgraph_st*>(&unrelated)), 0);
}

TEST(GraphUpdate, ADestroyedGraphsLaunchesAreNotAppliedToALaterGraph) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  f.device->capture = false;
  f.device->destroy_graph();
  launch_vadd(site, 1000);
  // A later capture's graph at the same address holds other nodes: nothing recorded before it is
  // applied to them.
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);
}

TEST(GraphUpdate, ASitesLaunchesAreForgottenWithTheSite) {
  Fixture f;
  auto site = std::make_unique<Site>(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(*site, 1000);
  f.device->capture = false;
  launch_vadd(*site, 1000);
  site.reset();
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);
}

TEST(GraphUpdate, ALaunchWithArgumentsPerConfigurationStaysAndTheLogSaysWhy) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  auto rewrite = [](const Config&) {};
  f.device->capture = true;
  launch_vadd(site, 1000, ArgumentsRef(rewrite));
  f.device->capture = false;
  launch_vadd(site, 1000, ArgumentsRef(rewrite));
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);
  EXPECT_EQ(f.device->exec_node(kExec, kFirstNode).variant, "vadd<(64)>|occ=0|ntid=0");
  EXPECT_NE(f.log.text().find("tiletune: vadd.cu:3 vadd<$tile>: a launch of key (1000) captured "
                              "with tile=64 stays so in its graphs: its arguments differ per "
                              "configuration, and the node holds the provisional one's; capture "
                              "it again to launch the winner"),
            std::string::npos)
      << f.log.text();
}

// The capture, then the key's launch outside capture that tunes it, then the update: 0 nodes
// changed, and the log says why the node stays.
void expect_node_stays(Fixture& f, Site& site, const std::function<void()>& launch_it,
                       const std::string& why) {
  f.device->capture = true;
  launch_it();
  f.device->capture = false;
  launch_it();
  ASSERT_TRUE(site.result(key(1000)));
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);
  const std::string text = f.log.text();
  EXPECT_NE(text.find("stays so in its graphs: " + why + "; capture it again to launch the winner"),
            std::string::npos)
      << text;
}

float table[4];
SymbolMemory table_memory() { return {table, sizeof table}; }

TEST(GraphUpdate, ALaunchOfASiteWithSharedVariablesStays) {
  Fixture f;
  f.device->module_globals = {{"table", sizeof table}};
  SiteInfo info = vadd_site();
  info.symbols = {{"table", table_memory, false}};
  Site site(std::move(info), f.runtime.get());
  expect_node_stays(
      f, site, [&] { launch_vadd(site, 1000); },
      "the site's shared variables are copied to and from the provisional "
      "configuration's module around it");
}

TEST(GraphUpdate, ALaunchFromASpaceTooLargeToRecordStays) {
  Fixture f;
  std::vector<long long> tiles;
  for (long long t = 1; t <= 4097; ++t) tiles.push_back(t);
  Site site(vadd_site(Space::cartesian({{"tile", tiles}})), f.runtime.get());
  expect_node_stays(
      f, site, [&] { launch_vadd(site, 1000); },
      "the space has more than 4096 configurations, whose launch geometries are "
      "not recorded at a capture");
}

TEST(GraphUpdate, ALaunchWhoseWinnerLaunchesOtherClustersStays) {
  Fixture f;
  f.device->cluster_cost_factor = [](int cluster) { return cluster > 1 ? 0.5 : 1.0; };
  Site site(vadd_site(Space::cartesian({{"tile", {256}}, {"num_ctas", {1, 2}}})), f.runtime.get());
  expect_node_stays(
      f, site, [&] { launch_vadd(site, 1000); },
      "the winner launches clusters of 2 blocks, which a node's update cannot "
      "change");
}

TEST(GraphUpdate, ALaunchWhoseGeometryForTheWinnerCouldNotBeComputedStays) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  bool capturing = true;  // the launch's values then leave tile=256 no geometry
  auto launch_it = [&] {
    int n = 1000;
    void* args[1] = {&n};
    site.launch(
        key(n),
        [&](const Config& c) {
          if (capturing && c[0] == 256) throw std::runtime_error("no geometry");
          return vadd_geometry(c, n);
        },
        args);
    capturing = false;
  };
  expect_node_stays(f, site, launch_it,
                    "the winner's launch geometry could not be computed for this launch");
}

TEST(TuneAhead, LaunchesInsideTuneButRunNothingAndTheCaptureAfterHoldsTheWinner) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  {
    TuneAhead ahead;
    launch_vadd(site, 1000);
    launch_vadd(site, 1000);  // decided already: still nothing launched
  }
  ASSERT_TRUE(site.result(key(1000)));
  EXPECT_EQ(site.result(key(1000))->best_config(), (Config{256}));
  EXPECT_FALSE(f.device->timed().empty());
  EXPECT_TRUE(f.device->launches().empty());  // trials are timed, never launched for real
  f.device->capture = true;
  launch_vadd(site, 1000);
  f.device->capture = false;
  EXPECT_EQ(f.device->launches(), (std::vector<std::string>{"vadd<(256)>|occ=0|ntid=0"}));
  EXPECT_EQ(update_graph(kExec, f.graph()), 0);  // nothing provisional to update
}

TEST(TuneAhead, HoldsBackOnlyTheLaunchesOfItsOwnThread) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  launch_vadd(site, 1000);  // tunes, and launches the winner
  ASSERT_EQ(f.device->launches().size(), 1u);
  std::promise<void> inside, done;
  std::thread ahead([&] {
    TuneAhead scope;
    launch_vadd(site, 1000);
    inside.set_value();
    done.get_future().wait();
  });
  inside.get_future().wait();
  launch_vadd(site, 1000);  // this thread is in no scope: its launches run
  {
    TuneAhead scope;
    launch_vadd(site, 1000);  // and in its own, they do not
  }
  launch_vadd(site, 1000);
  done.set_value();
  ahead.join();
  EXPECT_EQ(f.device->launches().size(), 3u);
}

}  // namespace
}  // namespace tiletune
