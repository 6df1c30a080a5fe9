// What the tool emits for the parts of the language it cannot settle at build time, driven by hand
// with the fake device: an opaque space (built where the annotation is, once per key, with `$`
// names looked up in it then and checked at the key's first launch) and call arguments that use
// `$`.
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  explicit Fixture(FakeDevice::Cost cost) {
    auto d = std::make_unique<FakeDevice>(std::move(cost));
    device = d.get();
    RuntimeOptions options;
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

// tile = 128 is fastest.
double tile_cost(const std::string& variant, const Geometry&) {
  return variant.find("(128)") != std::string::npos ? 1.0 : 3.0;
}

SiteInfo scale_site(Space space, std::vector<std::string> dollar_names) {
  SiteInfo info;
  info.file = "scale.cu";
  info.line = 21;
  info.kernel = "scale<$tile>";
  info.device_source = "template <int T> __global__ void scale(float*, long long) {}";
  info.name_expression = "scale<$tile>";
  info.space = std::move(space);
  info.dollar_names = std::move(dollar_names);
  return info;
}

// The second argument each launch saw, per kernel instantiation.
struct SeenArguments {
  std::mutex mutex;
  std::map<std::string, std::vector<long long>> by_variant;

  FakeDevice::Effect effect() {
    return [this](const std::string& variant, const Geometry&, void** args) {
      std::lock_guard lock(mutex);
      // The kernel's instantiation, without the fake compiler's hint suffix ("|occ=...").
      by_variant[variant.substr(0, variant.find('|'))].push_back(*static_cast<long long*>(args[1]));
    };
  }
};

TEST(PerConfigArguments, EachTrialAndTheWinnerGetTheirConfigurationsValue) {
  Fixture f(tile_cost);
  SeenArguments seen;
  f.device->effect = seen.effect();
  Site site(scale_site(Space::cartesian({{"tile", {64, 128, 256}}}), {"tile"}), f.runtime.get());
  float* data = nullptr;
  int n = 1000;
  auto geometry = [&](const Config& c) {
    return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
  };
  // As the tool writes `scale<$tile>(data, $tile * 2 + n)`.
  auto launch_once = [&] {
    launch<void (*)(float*, long long)>(site, key(n), geometry, data,
                                        per_config([&](const Config& c) { return c[0] * 2 + n; }));
  };
  launch_once();

  // Every trial launch of a variant saw that variant's value.
  for (long long tile : {64, 256}) {
    std::string variant = "scale<(" + std::to_string(tile) + ")>";
    ASSERT_TRUE(seen.by_variant.count(variant)) << variant;
    for (long long v : seen.by_variant[variant]) EXPECT_EQ(v, tile * 2 + n) << variant;
  }
  // The winner's trials and its real launch too, after the last trial (tile = 256) ran.
  ASSERT_EQ(f.device->launches().size(), 1u);
  EXPECT_EQ(f.device->launches().back().substr(0, 12), "scale<(128)>");
  EXPECT_EQ(seen.by_variant["scale<(128)>"].back(), 128 * 2 + n);

  // A later launch takes the fast path and still passes the winner's value.
  seen.by_variant.clear();
  launch_once();
  ASSERT_EQ(f.device->launches().size(), 2u);
  ASSERT_EQ(seen.by_variant["scale<(128)>"].size(), 1u);
  EXPECT_EQ(seen.by_variant["scale<(128)>"].front(), 128 * 2 + n);
}

TEST(PerConfigArguments, ConvertsToTheParameterTypeAsACallWould) {
  Fixture f(tile_cost);
  SeenArguments seen;
  f.device->effect = seen.effect();
  Site site(scale_site(Space::cartesian({{"tile", {128}}}), {"tile"}), f.runtime.get());
  float* data = nullptr;
  auto geometry = [](const Config& c) { return Geometry{Dim(1), Dim(c[0]), 0, nullptr}; };
  // An int expression, passed to a long long parameter: the slot holds a long long.
  launch<void (*)(float*, long long)>(site, key(1), geometry, data,
                                      per_config([](const Config& c) { return int(c[0]) - 129; }));
  EXPECT_EQ(seen.by_variant["scale<(128)>"].back(), -1);
}

// The shape the tool emits for `space = make_space(limit)`, key = (limit): the space is built
// where the annotation is, once per key (the tool uses a function-local static SitesPerKey; here a
// member, so that every test has its own), and the axis index of each `$name` is looked up in that
// key's space then.
struct OpaqueLaunch {
  Runtime* runtime;
  std::atomic<int> built{0};
  SitesPerKey sites{runtime};

  // A small limit gets a space of one axis, so the keys' spaces differ in their axes' order too.
  Space make_space(long long limit) {
    ++built;
    if (limit < 100) return Space::cartesian({{"tile", {64}}});
    return Space::cartesian({{"unroll", {1, 2}}, {"tile", {64, 128, 256}}},
                            [limit](const Config& c) { return c[1] <= limit; });
  }

  SitesPerKey::Keyed& run(long long limit) {
    const Key tt_key = key(limit);
    SitesPerKey::Keyed& tt_site =
        sites.at(tt_key, [&] { return scale_site(make_space(limit), {"tile"}); });
    const int* const tt_axes = tt_site.axes.data();
    long long n = 4096;
    launch<void (*)(float*, long long)>(
        tt_site.site, tt_key,
        [&](const Config& tt_cfg) {
          return Geometry{Dim(n / tt_cfg[tt_axes[0]]), Dim(tt_cfg[tt_axes[0]]), 0, nullptr};
        },
        static_cast<float*>(nullptr), n);
    return tt_site;
  }
};

TEST(OpaqueSpace, BuiltOncePerKeyWhereTheAnnotationIsWithAxesFoundByName) {
  Fixture f(tile_cost);
  OpaqueLaunch site{f.runtime.get()};
  SitesPerKey::Keyed& first = site.run(/*limit=*/128);
  EXPECT_EQ(&site.run(/*limit=*/128), &first);  // the same key builds nothing
  EXPECT_EQ(site.built.load(), 1);
  // "tile" is the space's second axis: the geometry read it by name, not by build-time position.
  EXPECT_EQ(first.axes, std::vector<int>{1});
  EXPECT_EQ(f.device->last_geometry().threads.x, 128u);
  // 256 is outside the constraint of this key's space: 2 unrolls x 2 tiles were compiled.
  EXPECT_EQ(f.compiler->compiles.load(), 4);

  // Another key gets a space of its own, evaluated from its own limit.
  SitesPerKey::Keyed& second = site.run(/*limit=*/64);
  EXPECT_EQ(site.built.load(), 2);
  EXPECT_NE(&second.site, &first.site);
  EXPECT_EQ(second.site.info().space.size(), 1u);
  EXPECT_EQ(second.axes, std::vector<int>{0});
  EXPECT_EQ(f.device->last_geometry().threads.x, 64u);

  // And the first key still launches its own winner.
  site.run(/*limit=*/128);
  EXPECT_EQ(site.built.load(), 2);
  EXPECT_EQ(f.device->last_geometry().threads.x, 128u);
}

TEST(OpaqueSpace, ThreadsLaunchingANewKeyTogetherBuildItsSpaceOnce) {
  Fixture f(tile_cost);
  OpaqueLaunch site{f.runtime.get()};
  std::vector<std::thread> threads;
  std::vector<const SitesPerKey::Keyed*> got(8);
  for (int t = 0; t < 8; ++t) threads.emplace_back([&, t] { got[t] = &site.run(/*limit=*/128); });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(site.built.load(), 1);
  for (const SitesPerKey::Keyed* keyed : got) EXPECT_EQ(keyed, got.front());
}

TEST(OpaqueSpace, ANameTheKeysSpaceLacksHasNoAxisAndTheFirstLaunchSaysSo) {
  Fixture f(tile_cost);
  SitesPerKey sites(f.runtime.get());
  SitesPerKey::Keyed& keyed = sites.at(key(1), [] {
    return scale_site(Space::cartesian({{"tile", {64}}}), {"tile", "tyle"});
  });
  EXPECT_EQ(keyed.axes, (std::vector<int>{0, -1}));
  try {
    launch<void (*)(float*, long long)>(
        keyed.site, key(1),
        [](const Config&) {
          return Geometry{Dim(1), Dim(64), 0, nullptr};
        },
        static_cast<float*>(nullptr), 1ll);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "scale.cu:21: tiletune: '$tyle' names no axis of the space (its axes: tile)");
  }
}

TEST(OpaqueSpace, TheBuildTimeChecksRunAtTheFirstLaunchAndNameTheAnnotation) {
  auto first_launch_error = [](Space space, std::vector<std::string> dollar_names,
                               Hints hints = {}) -> std::string {
    Fixture f(tile_cost);
    SiteInfo info = scale_site(std::move(space), std::move(dollar_names));
    info.hints = hints;
    Site site(std::move(info), f.runtime.get());
    bool geometry_called = false;
    try {
      launch<void (*)(float*, long long)>(
          site, key(1),
          [&](const Config&) {
            geometry_called = true;
            return Geometry{Dim(1), Dim(64), 0, nullptr};
          },
          static_cast<float*>(nullptr), 1ll);
    } catch (const Error& e) {
      // Nothing ran before the check: no compile, and no geometry read an axis that is not there.
      EXPECT_EQ(f.compiler->compiles.load(), 0);
      EXPECT_FALSE(geometry_called);
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(first_launch_error(Space::cartesian({{"tile", {64}}}), {"tile", "tyle"}),
            "scale.cu:21: tiletune: '$tyle' names no axis of the space (its axes: tile)");
  EXPECT_EQ(
      first_launch_error(Space::list({"tile", "unroll"}, {{64, 1}, {128, 1}, {64, 1}}), {"tile"}),
      "scale.cu:21: tiletune: configuration 3 (tile=64 unroll=1) repeats configuration 1");
  EXPECT_EQ(first_launch_error(
                Space::cartesian({{"tile", {64}}}, [](const Config&) { return false; }), {"tile"}),
            "scale.cu:21: tiletune: the space has no configurations");
  EXPECT_EQ(first_launch_error(Space::cartesian({{"tile", {64}}, {"num_ctas", {2, 32}}}), {"tile"}),
            "scale.cu:21: tiletune: num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), "
            "not 32 (in tile=64 num_ctas=32)");
  EXPECT_EQ(first_launch_error(Space::cartesian({{"tile", {64}}, {"occupancy", {1, 2}}}), {"tile"},
                               Hints{2, 0}),
            "scale.cu:21: tiletune: static hint 'occupancy' conflicts with the space's axis of the "
            "same name");
  EXPECT_EQ(first_launch_error(Space::cartesian({{"tile", {64}}}), {"tile"}), "no error");
}

}  // namespace
}  // namespace tiletune
