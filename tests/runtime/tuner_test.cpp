#include "fake_device.h"
#include "runtime.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <set>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

// tile x occupancy, as in the vadd example.
SiteInfo vadd_site() {
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = 12;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd() {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}, {"occupancy", {1, 2, 4}}});
  return info;
}

// (128, occupancy 2) is fastest; everything else is slower by a margin well over noise.
double vadd_cost(const std::string& variant, const Geometry&) {
  if (variant == "vadd<(128)>|occ=2|ntid=128") return 1.0;
  return 2.0 + static_cast<double>(variant.size() % 7) / 10;
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

Geometry vadd_geometry(const Config& c, long long n) {
  return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
}

TEST(Tuner, VisitsEveryConfigurationKeepsTheFastestAndDoesNotTuneAgain) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 1 << 20;
  auto geometry = [&](const Config& c) { return vadd_geometry(c, n); };
  void* args[1] = {&n};

  site.launch(key(bucket(n)), geometry, args);

  // Every one of the 9 configurations was compiled, loaded and timed.
  std::set<std::string> timed;
  for (const std::string& t : f.device->timed()) timed.insert(t);
  EXPECT_EQ(f.compiler->compiles.load(), 9);
  EXPECT_EQ(f.device->loaded().size(), 9u);
  EXPECT_EQ(timed.size(), 9u);
  EXPECT_TRUE(timed.count("vadd<(64)>|occ=1|ntid=64"));
  EXPECT_TRUE(timed.count("vadd<(256)>|occ=4|ntid=256"));

  // The winner is the fastest, and the real launch used it with its geometry.
  std::optional<TuningResult> result = site.result(key(bucket(n)));
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->best_config(), (Config{128, 2}));
  EXPECT_DOUBLE_EQ(result->measurements[result->best].median_ms, 1.0);
  ASSERT_EQ(f.device->launches().size(), 1u);
  EXPECT_EQ(f.device->launches().back(), "vadd<(128)>|occ=2|ntid=128");
  EXPECT_EQ(f.device->last_geometry().threads.x, 128u);
  EXPECT_EQ(f.device->last_geometry().blocks.x, static_cast<unsigned>(n / 128));

  // A later launch with the same key goes straight to the winner.
  std::size_t timed_before = f.device->timed().size();
  site.launch(key(bucket(n)), geometry, args);
  EXPECT_EQ(f.compiler->compiles.load(), 9);
  EXPECT_EQ(f.device->timed().size(), timed_before);
  ASSERT_EQ(f.device->launches().size(), 2u);
  EXPECT_EQ(f.device->launches().back(), "vadd<(128)>|occ=2|ntid=128");
}

TEST(Tuner, ADifferentKeyTunesAgain) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 1000;
  auto geometry = [&](const Config& c) { return vadd_geometry(c, n); };
  void* args[1] = {&n};
  site.launch(key(bucket(n)), geometry, args);
  std::size_t timed_after_first = f.device->timed().size();
  n = 1 << 22;
  site.launch(key(bucket(n)), geometry, args);
  EXPECT_GT(f.device->timed().size(), timed_after_first);
  EXPECT_FALSE(site.result(key(77)).has_value());
}

TEST(Tuner, TieGoesToTheEarlierConfiguration) {
  // All equal: the first configuration wins, whatever the order of completion.
  Fixture f([](const std::string&, const Geometry&) { return 1.0; });
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  EXPECT_EQ(site.result(key(n))->best_config(), (Config{64, 1}));
}

TEST(Tuner, AFailedConfigurationIsRecordedAndTheRestGoOn) {
  Fixture f(vadd_cost);
  f.compiler->fail_if = [](const std::string& name) { return name.find("(256)") != std::string::npos; };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(r.best_config(), (Config{128, 2}));
  int failed = 0;
  for (const Measurement& m : r.measurements)
    if (!m.ok) {
      ++failed;
      EXPECT_EQ(m.config[0], 256);
      EXPECT_NE(m.failure.find("fake compile error"), std::string::npos);
    }
  EXPECT_EQ(failed, 3);
  EXPECT_NE(r.table().find("failed: fake compile error"), std::string::npos);
}

TEST(Tuner, WhenEveryConfigurationFailsTheErrorListsEachReason) {
  Fixture f(vadd_cost);
  f.compiler->fail_if = [](const std::string&) { return true; };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  try {
    site.launch(key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
    FAIL() << "expected tiletune::Error";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("vadd.cu:12"), std::string::npos) << what;
    EXPECT_NE(what.find("tile=64 occupancy=1: fake compile error"), std::string::npos) << what;
    EXPECT_NE(what.find("tile=256 occupancy=4: fake compile error"), std::string::npos) << what;
  }
  EXPECT_TRUE(f.device->launches().empty());
}

TEST(Tuner, DisabledTakesTheFirstConfigurationWithoutMeasuring) {
  RuntimeOptions options;
  options.disable = true;
  Fixture f(vadd_cost, options);
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  EXPECT_EQ(f.compiler->compiles.load(), 1);
  EXPECT_TRUE(f.device->timed().empty());
  EXPECT_EQ(f.device->launches().back(), "vadd<(64)>|occ=1|ntid=64");
  EXPECT_FALSE(site.result(key(n))->tuned);
}

TEST(Tuner, OccupancyBecomesEntryHintsWithTheBlockSize) {
  Fixture f(vadd_cost);
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {64}}, {"occupancy", {3}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  ASSERT_EQ(f.compiler->requested.size(), 1u);
  EXPECT_EQ(f.compiler->requested[0], "vadd<(64)>|occ=3|ntid=64");
  // One configuration: nothing to compare, so nothing is timed.
  EXPECT_TRUE(f.device->timed().empty());
}

}  // namespace
}  // namespace tiletune
