// `restore` and `verify` with the fake device, whose "device memory" is host memory and whose
// kernels are host functions of the arguments.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

SiteInfo scale_site() {
  SiteInfo info;
  info.file = "scale.cu";
  info.line = 7;
  info.kernel = "scale<$tile>";
  info.device_source = "template <int T> __global__ void scale(float*, int) {}";
  info.name_expression = "scale<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}});
  return info;
}

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  Fixture() {
    auto d = std::make_unique<FakeDevice>([](const std::string& v, const Geometry&) {
      return v.find("(128)") != std::string::npos ? 1.0 : 2.0;
    });
    device = d.get();
    RuntimeOptions options;
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

Geometry geometry_for(const Config& c, int n) {
  return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
}

// x[i] = 2 * x[i] + 1, in place: every launch changes the data.
void scale_in_place(const std::string&, const Geometry&, void** args) {
  float* x = *static_cast<float**>(args[0]);
  int n = *static_cast<int*>(args[1]);
  for (int i = 0; i < n; ++i) x[i] = 2 * x[i] + 1;
}

TEST(Restore, TheCallersDataIsAsIfOneLaunchHappened) {
  Fixture f;
  f.device->effect = scale_in_place;
  Site site(scale_site(), f.runtime.get());
  int n = 1000;
  std::vector<float> x(n);
  std::iota(x.begin(), x.end(), 0.0f);
  float* p = x.data();
  void* args[2] = {&p, &n};
  auto options = [&] {
    TuningOptions o;
    o.restore = {buffer(p, n * sizeof(float))};
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  ASSERT_GT(f.device->timed().size(), 10u);  // many trial launches ran on the data
  for (int i = 0; i < n; ++i) ASSERT_EQ(x[i], 2.0f * i + 1) << i;
  EXPECT_EQ(f.device->live_allocations(), 0u);
  // Every trial launch starts from the saved data: a copy right before each one.
  std::vector<std::string> events = f.device->events();
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].rfind("time ", 0) == 0) EXPECT_EQ(events[i - 1], "copy 4000") << i;
}

TEST(Restore, WithoutItTheTrialsPileUp) {
  // The same site without `restore`: the data went through every trial launch. This is what
  // `restore` is for, and shows the test above can fail.
  Fixture f;
  f.device->effect = scale_in_place;
  Site site(scale_site(), f.runtime.get());
  int n = 4;
  std::vector<float> x(n, 1.0f);
  float* p = x.data();
  void* args[2] = {&p, &n};
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args);
  EXPECT_NE(x[0], 3.0f);
}

TEST(Restore, TheDataIsRestoredWhenEveryConfigurationFails) {
  Fixture f;
  f.device->effect = scale_in_place;
  f.device->launch_fail_if = [](const std::string& v) {
    return v.find("(256)") != std::string::npos;
  };
  f.compiler->fail_if = [](const std::string& v) { return v.find("(256)") == std::string::npos; };
  Site site(scale_site(), f.runtime.get());
  int n = 16;
  std::vector<float> x(n, 5.0f);
  float* p = x.data();
  void* args[2] = {&p, &n};
  auto options = [&] {
    TuningOptions o;
    o.restore = {buffer(p, n * sizeof(float))};
    return o;
  };
  EXPECT_THROW(site.launch(
                   key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options),
               Error);
  for (float v : x) EXPECT_EQ(v, 5.0f);
  EXPECT_EQ(f.device->live_allocations(), 0u);
}

// out[i] = in[i] * in[i], except that tile=256 forgets the last element, and tile=64 is off by a
// rounding error.
void square(const std::string& variant, const Geometry&, void** args) {
  const float* in = *static_cast<const float**>(args[0]);
  float* out = *static_cast<float**>(args[1]);
  int n = *static_cast<int*>(args[2]);
  int end = variant.find("(256)") != std::string::npos ? n - 1 : n;
  for (int i = 0; i < end; ++i)
    out[i] = in[i] * in[i] * (variant.find("(64)") != std::string::npos ? 1.000001f : 1.0f);
}

// One verified tuning of scale_site() over the tiles of `tiles`, squaring in = 1..n into `out`
// (n elements, 7 before), which is checked; `out` as the winner's launch leaves it.
TuningResult verified_squares(Fixture& f, std::vector<long long> tiles, int n,
                              std::vector<float>& out) {
  SiteInfo info = scale_site();
  info.space = Space::cartesian({{"tile", std::move(tiles)}});
  Site site(std::move(info), f.runtime.get());
  std::vector<float> in(n);
  out.assign(n, 7.0f);
  std::iota(in.begin(), in.end(), 1.0f);
  const float* pin = in.data();
  float* pout = out.data();
  void* args[3] = {&pin, &pout, &n};
  auto options = [&] {
    TuningOptions o;
    o.outputs = {buffer(pout, n * sizeof(float))};
    o.verify = true;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  return *site.result(key(n));
}

TEST(Verify, AConfigurationWithAWrongResultIsDisqualifiedAndSaysWhere) {
  Fixture f;
  f.device->effect = square;
  std::vector<float> out;
  const TuningResult r = verified_squares(f, {64, 128, 256}, 100, out);
  EXPECT_TRUE(r.measurements[0].ok) << r.measurements[0].failure;  // within the tolerance
  EXPECT_TRUE(r.measurements[1].ok);
  EXPECT_FALSE(r.measurements[2].ok);
  EXPECT_NE(r.measurements[2].failure.find("wrong result: output 0 element 99 is"),
            std::string::npos)
      << r.measurements[2].failure;
  EXPECT_NE(r.measurements[2].failure.find("(tile=64)"), std::string::npos);
  EXPECT_EQ(r.best_config(), (Config{128}));
  EXPECT_EQ(out[99], 100.0f * 100.0f);  // the real launch, by the winner
}

// The reference outputs are the first's in the space's order that writes them all, though the cost
// model ranks another first (tile=64's 16 blocks fill more of the device than tile=256's 4) and the
// compiles may finish in any order: a wrong configuration the cost model likes must not become
// what the others are judged by, nor win.
TEST(Verify, TheReferenceIsTheSpacesFirstConfigurationWhateverTheCostModelRanksFirst) {
  Fixture f;
  f.device->effect = [](const std::string& v, const Geometry& g, void** args) {
    square(v, g, args);
    if (v.find("(64)") == std::string::npos) return;
    float* out = *static_cast<float**>(args[1]);
    out[3] += 1.0f;  // wrong
  };
  std::vector<float> out;
  const TuningResult r = verified_squares(f, {256, 128, 64}, 1000, out);
  // tile=256 (square's) leaves the last element unwritten: no reference; the next in the space's
  // order, tile=128, is.
  EXPECT_EQ(r.measurements[0].failure,
            "wrong result: leaves output 0 byte 3996 (of 4000) unwritten");
  EXPECT_TRUE(r.measurements[1].ok) << r.measurements[1].failure;
  EXPECT_FALSE(r.measurements[2].ok);
  EXPECT_NE(r.measurements[2].failure.find("wrong result: output 0 element 3 is"),
            std::string::npos)
      << r.measurements[2].failure;
  EXPECT_NE(r.measurements[2].failure.find("(tile=128)"), std::string::npos)
      << r.measurements[2].failure;
  EXPECT_EQ(r.best_config(), (Config{128}));
}

TEST(Verify, AnExactToleranceRejectsTheRoundingError) {
  Fixture f;
  f.device->effect = square;
  Site site(scale_site(), f.runtime.get());
  int n = 10;
  std::vector<float> in(n, 3.0f), out(n);
  const float* pin = in.data();
  float* pout = out.data();
  void* args[3] = {&pin, &pout, &n};
  auto options = [&] {
    TuningOptions o;
    o.outputs = {buffer(pout, n * sizeof(float))};
    o.verify = true;
    o.tolerance = 0;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  TuningResult r = *site.result(key(n));
  // tile=64 is the reference; tile=128 differs from it by the rounding error.
  EXPECT_TRUE(r.measurements[0].ok);
  EXPECT_FALSE(r.measurements[1].ok);
  EXPECT_EQ(r.best_config(), (Config{64}));
}

TEST(Verify, OutputsAreFilledBeforeEachCheckedLaunchSoUnwrittenValuesShow) {
  // tile=256 writes nothing at all: without the fill it would see tile=128's correct values.
  Fixture f;
  f.device->effect = [](const std::string& v, const Geometry& g, void** args) {
    if (v.find("(256)") == std::string::npos) square(v, g, args);
  };
  SiteInfo info = scale_site();
  info.space = Space::cartesian({{"tile", {128, 256}}});
  Site site(std::move(info), f.runtime.get());
  int n = 8;
  std::vector<int> raw(n);
  std::vector<float> in(n, 2.0f), out(n, 0.0f);
  const float* pin = in.data();
  float* pout = out.data();
  void* args[3] = {&pin, &pout, &n};
  auto options = [&] {
    TuningOptions o;
    o.outputs = {buffer(static_cast<void*>(pout), n * sizeof(float))};  // raw bytes
    o.verify = true;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  TuningResult r = *site.result(key(n));
  EXPECT_FALSE(r.measurements[1].ok);
  EXPECT_NE(r.measurements[1].failure.find("byte 0 is 255"), std::string::npos)
      << r.measurements[1].failure;
}

TEST(Verify, AFirstConfigurationThatLeavesPartOfItsOutputUnwrittenIsNoReference) {
  // tile=64, the first, skips the last element: it fails, and tile=128 becomes the reference
  // that tile=256 is held to. Taken as the reference, it would have failed both of them and won.
  Fixture f;
  f.device->effect = [](const std::string& v, const Geometry&, void** args) {
    const float* in = *static_cast<const float**>(args[0]);
    float* out = *static_cast<float**>(args[1]);
    const int n = *static_cast<int*>(args[2]);
    const int end = v.find("(64)") != std::string::npos ? n - 1 : n;
    for (int i = 0; i < end; ++i) out[i] = in[i] * in[i];
  };
  Site site(scale_site(), f.runtime.get());
  int n = 8;
  std::vector<float> in(n, 2.0f), out(n, 0.0f);
  const float* pin = in.data();
  float* pout = out.data();
  void* args[3] = {&pin, &pout, &n};
  auto options = [&] {
    TuningOptions o;
    o.outputs = {buffer(pout, n * sizeof(float))};
    o.verify = true;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  TuningResult r = *site.result(key(n));
  EXPECT_FALSE(r.measurements[0].ok);
  EXPECT_EQ(r.measurements[0].failure, "wrong result: leaves output 0 byte 28 (of 32) unwritten");
  EXPECT_TRUE(r.measurements[1].ok);
  EXPECT_TRUE(r.measurements[2].ok);
  EXPECT_NE(r.best_config(), (Config{64}));
  EXPECT_EQ(out[n - 1], 4.0f);  // the real launch, by a configuration that writes it
}

TEST(Verify, InPlaceBuffersAreComparedWhenNoOutputsAreNamed) {
  Fixture f;
  f.device->effect = [](const std::string& v, const Geometry& g, void** args) {
    scale_in_place(v, g, args);
    if (v.find("(256)") != std::string::npos) (*static_cast<float**>(args[0]))[3] += 1;
  };
  Site site(scale_site(), f.runtime.get());
  int n = 8;
  std::vector<float> x(n, 1.0f);
  float* p = x.data();
  void* args[2] = {&p, &n};
  auto options = [&] {
    TuningOptions o;
    o.restore = {buffer(p, n * sizeof(float))};
    o.verify = true;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
  TuningResult r = *site.result(key(n));
  EXPECT_TRUE(r.measurements[0].ok);
  EXPECT_TRUE(r.measurements[1].ok);
  EXPECT_FALSE(r.measurements[2].ok);
  EXPECT_NE(r.measurements[2].failure.find("element 3 is 4"), std::string::npos)
      << r.measurements[2].failure;
  for (float v : x) EXPECT_EQ(v, 3.0f);  // restored, then the one real launch
}

// A stored winner is trusted only after the check a tuning would give it: two processes share a
// results file; the second one's kernels have changed so that the stored winner (tile=256) now
// leaves the last element unwritten.
struct StoredWinnerProcess {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  StoredWinnerProcess(const std::string& results, FakeDevice::Effect effect) {
    // tile=256 is the fastest, so the first process stores it.
    auto d = std::make_unique<FakeDevice>([](const std::string& v, const Geometry&) {
      return v.find("(256)") != std::string::npos ? 1.0 : 2.0;
    });
    d->effect = std::move(effect);
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    options.log_level = 1;
    options.results_file = results;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }

  TuningResult launch(std::vector<float>& out, bool verify) {
    Site site(scale_site(), runtime.get());
    int n = static_cast<int>(out.size());
    std::vector<float> in(n);
    std::iota(in.begin(), in.end(), 1.0f);
    const float* pin = in.data();
    float* pout = out.data();
    void* args[3] = {&pin, &pout, &n};
    auto options = [&] {
      TuningOptions o;
      o.outputs = {buffer(pout, n * sizeof(float))};
      o.verify = verify;
      return o;
    };
    site.launch(
        key(n), [&](const Config& c) { return geometry_for(c, n); }, args, options);
    return *site.result(key(n));
  }
};

void square_everywhere(const std::string&, const Geometry&, void** args) {
  const float* in = *static_cast<const float**>(args[0]);
  float* out = *static_cast<float**>(args[1]);
  int n = *static_cast<int*>(args[2]);
  for (int i = 0; i < n; ++i) out[i] = in[i] * in[i];
}

// tile=256 leaves the last element as it was.
void square_but_256_misses_the_last(const std::string& v, const Geometry& g, void** args) {
  square_everywhere(v, g, args);
  if (v.find("(256)") != std::string::npos) {
    float* out = *static_cast<float**>(args[1]);
    out[*static_cast<int*>(args[2]) - 1] = -1.0f;
  }
}

TEST(VerifyStored, AStoredWinnerWithAWrongResultIsRejectedAndTheSiteTunesAgain) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  std::vector<float> out(100, 0.0f);
  {
    StoredWinnerProcess first(results, square_everywhere);
    EXPECT_EQ(first.launch(out, true).best_config(), (Config{256}));
  }
  StoredWinnerProcess second(results, square_but_256_misses_the_last);
  std::fill(out.begin(), out.end(), 0.0f);
  TuningResult r = second.launch(out, true);
  EXPECT_FALSE(r.from_file);
  EXPECT_FALSE(r.measurements[2].ok);
  EXPECT_NE(second.log.text().find("the stored winner tile=256 from " + results +
                                   " fails verification (wrong result: output 0 element 99"),
            std::string::npos)
      << second.log.text();
  EXPECT_NE(r.best_config(), (Config{256}));
  EXPECT_EQ(out[99], 100.0f * 100.0f);  // the real launch, by a correct configuration
}

TEST(VerifyStored, AStoredWinnerThatPassesIsUsedWithoutMeasuring) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  std::vector<float> out(100, 0.0f);
  {
    StoredWinnerProcess first(results, square_everywhere);
    first.launch(out, true);
  }
  StoredWinnerProcess second(results, square_everywhere);
  std::fill(out.begin(), out.end(), 0.0f);
  TuningResult r = second.launch(out, true);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(r.best_config(), (Config{256}));
  EXPECT_TRUE(second.device->timed().empty());  // checked, not measured
  // The reference (tile=64) ran over both fills, the stored winner once under the check, then the
  // launch.
  EXPECT_EQ(second.device->launches().size(), 4u);
  EXPECT_EQ(out[99], 100.0f * 100.0f);
}

TEST(VerifyStored, WithoutVerifyTheStoredWinnerIsLoadedUnchecked) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  std::vector<float> out(100, 0.0f);
  {
    StoredWinnerProcess first(results, square_everywhere);
    first.launch(out, false);
  }
  StoredWinnerProcess second(results, square_but_256_misses_the_last);
  TuningResult r = second.launch(out, false);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(second.device->launches().size(), 1u);  // only the launch itself
}

}  // namespace
}  // namespace tiletune
