// A site whose kernel shares __constant__/__device__ variables with host code (SiteInfo::symbols),
// with the fake device standing in for the driver: before every launch, trial launches included,
// the launched module's copy is brought up to date from the application's on the launch stream; a
// __device__ variable goes back after each launch of the winner; a site without symbols copies
// nothing.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::vadd_site;

// The application's copies, as cudaMemcpyToSymbol would leave them (device pointers are host
// addresses on the fake device).
float coefficients[4];
int counter;
SymbolMemory coefficients_memory() { return {coefficients, sizeof coefficients}; }
SymbolMemory counter_memory() { return {&counter, sizeof counter}; }
SymbolMemory wrong_size_memory() { return {coefficients, 2}; }

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  Fixture() {
    auto d = std::make_unique<FakeDevice>(fastest_tile("128"));
    device = d.get();
    device->module_globals = {{"coefficients", sizeof coefficients}, {"counter", sizeof counter}};
    RuntimeOptions options;
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

SiteInfo site_with_symbols() {
  SiteInfo info = vadd_site();
  info.symbols = {{"coefficients", coefficients_memory, false}, {"counter", counter_memory, true}};
  return info;
}

CUstream const kStream = reinterpret_cast<CUstream>(7);

void launch(Site& site, int n) {
  void* args[1] = {&n};
  site.launch(
      key(n),
      [&](const Config& c) {
        return Geometry{Dim(n / c[0]), Dim(c[0]), 0, kStream};
      },
      args);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

TEST(DeviceSymbols, EveryLaunchSeesTheApplicationsValuesCopiedOnItsStream) {
  Fixture f;
  // Each launch, trial or not, records the coefficients its module's copy holds when it runs.
  std::vector<float> seen;
  f.device->effect = [&](const std::string& variant, const Geometry&, void**) {
    const unsigned char* module = f.device->module_global(variant, "coefficients");
    ASSERT_NE(module, nullptr);
    float values[4];
    std::memcpy(values, module, sizeof values);
    seen.push_back(values[3]);
  };
  Site site(site_with_symbols(), f.runtime.get());
  const float first[4] = {1, 2, 3, 4};
  std::memcpy(coefficients, first, sizeof first);
  launch(site, 1024);
  ASSERT_GT(seen.size(), 3u);  // three configurations timed, then the winner launched
  for (float v : seen) EXPECT_EQ(v, 4.0f);

  // The host writes new coefficients: the next launch of the winner sees them.
  coefficients[3] = 40;
  seen.clear();
  launch(site, 1024);
  EXPECT_EQ(seen, std::vector<float>{40.0f});

  // Both variables are copied in, on the launch stream, right before every launch and timing.
  const std::vector<std::string> events = f.device->events();
  const std::string in = " in " + std::to_string(reinterpret_cast<std::uintptr_t>(kStream));
  int launches = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!starts_with(events[i], "launch ") && !starts_with(events[i], "time ")) continue;
    ++launches;
    ASSERT_GE(i, 2u);
    EXPECT_EQ(events[i - 2], "symbol coefficients" + in) << events[i];
    EXPECT_EQ(events[i - 1], "symbol counter" + in) << events[i];
  }
  EXPECT_GT(launches, 4);
}

TEST(DeviceSymbols, ADeviceVariableTheKernelWritesGoesBackAfterEachLaunchOfTheWinner) {
  Fixture f;
  // The "kernel" adds one to its module's counter.
  f.device->effect = [&](const std::string& variant, const Geometry&, void**) {
    int* module = reinterpret_cast<int*>(f.device->module_global(variant, "counter"));
    ASSERT_NE(module, nullptr);
    ++*module;
  };
  Site site(site_with_symbols(), f.runtime.get());
  counter = 10;
  launch(site, 1024);
  // Every trial started from the application's 10 and was not copied back: only the winner's
  // launch counted.
  EXPECT_EQ(counter, 11);
  launch(site, 1024);
  EXPECT_EQ(counter, 12);

  const std::vector<std::string> events = f.device->events();
  const std::string out = " out " + std::to_string(reinterpret_cast<std::uintptr_t>(kStream));
  int copied_back = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!starts_with(events[i], "symbol counter out")) continue;
    ++copied_back;
    EXPECT_EQ(events[i], "symbol counter" + out);
    ASSERT_GE(i, 1u);
    EXPECT_TRUE(starts_with(events[i - 1], "launch ")) << events[i - 1];
  }
  EXPECT_EQ(copied_back, 2);  // the two launches of the winner; the constant never goes back
}

TEST(DeviceSymbols, ASiteWithoutSymbolsCopiesNothing) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  launch(site, 1024);
  launch(site, 1024);
  for (const std::string& e : f.device->events()) EXPECT_FALSE(starts_with(e, "symbol")) << e;
}

TEST(DeviceSymbols, AVariableTheModuleDroppedIsNotCopied) {
  Fixture f;
  f.device->module_globals.erase("counter");  // no code of the kernel uses it
  Site site(site_with_symbols(), f.runtime.get());
  launch(site, 1024);
  bool coefficients_copied = false;
  for (const std::string& e : f.device->events()) {
    EXPECT_FALSE(starts_with(e, "symbol counter")) << e;
    coefficients_copied = coefficients_copied || starts_with(e, "symbol coefficients in");
  }
  EXPECT_TRUE(coefficients_copied);
}

TEST(DeviceSymbols, DuringCaptureTheCopiesAreCapturedBeforeTheLaunch) {
  Fixture f;
  Site site(site_with_symbols(), f.runtime.get());
  f.device->capture = true;
  launch(site, 1024);
  EXPECT_TRUE(f.device->forbidden().empty());
  const std::vector<std::string> events = f.device->events();
  ASSERT_EQ(events.size(), 4u);
  EXPECT_TRUE(starts_with(events[0], "symbol coefficients in"));
  EXPECT_TRUE(starts_with(events[1], "symbol counter in"));
  EXPECT_TRUE(starts_with(events[2], "capture "));
  EXPECT_TRUE(starts_with(events[3], "symbol counter out"));
}

TEST(DeviceSymbols, CopiesOfDifferentSizesAreAnErrorNamingTheSite) {
  Fixture f;
  SiteInfo info = vadd_site();
  info.symbols = {{"coefficients", wrong_size_memory, false}};
  Site site(std::move(info), f.runtime.get());
  try {
    launch(site, 1024);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("vadd.cu:3: tiletune: the tuned kernel's copy of "
                                         "'coefficients' has 16 bytes, the application's 2"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(f.device->launches().empty());
}

}  // namespace
}  // namespace tiletune
