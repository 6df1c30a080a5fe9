// One process on several GPUs (the fake device's use_device: one context per device, each thread
// on its own): threads on GPUs of one model tune each key once, the others waiting in memory for
// it and told so (never "another process"); GPUs of two models tune separately, at once.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::launch_vadd;
using testing::vadd_site;

// Waits up to 20 s for `done`; false when it never came (the test then fails, not hangs).
template <class F>
bool eventually(F&& done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!done()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

struct TwoDevices {
  testing::TemporaryDirectory directory;
  testing::LogFile log;
  FakeDevice* device = nullptr;
  std::unique_ptr<Runtime> runtime;
  std::unique_ptr<Site> site;

  // `cost` times every launch; device 1 is of `second_model` (the first's when empty).
  TwoDevices(FakeDevice::Cost cost, const std::string& second_model) {
    auto d = std::make_unique<FakeDevice>(std::move(cost));
    device = d.get();
    if (!second_model.empty()) {
      detail::DeviceInfo other = device->device_info;
      other.name = "Fake GPU " + second_model;
      other.id = second_model;
      device->device_infos[1] = other;
    }
    RuntimeOptions options;
    options.log = log.get();
    options.results_file = (directory.path() / "results.txt").string();
    runtime = std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(), options);
    site = std::make_unique<Site>(vadd_site(), runtime.get());
  }

  // The winning tile of a launch of n = 1000 on `gpu`, from this thread.
  TuningResult launch_on(int gpu) {
    FakeDevice::use_device(gpu);
    int n = 1000;
    launch_vadd(*site, n);
    TuningResult result = *site->result(key(n));
    FakeDevice::use_device(0);
    return result;
  }
};

TEST(DevicesInProcess, AThreadOnASecondGpuOfTheModelWaitsInMemoryAndTakesTheWinner) {
  std::atomic<TwoDevices*> rig{nullptr};
  std::atomic<bool> holding{true};
  TwoDevices two(
      [&](const std::string& variant, const Geometry&) {
        // The first timing holds device 0's tuning until device 1's thread waits for it.
        if (holding.exchange(false))
          EXPECT_TRUE(
              eventually([&] { return rig.load()->runtime->tunings_in_process().waiting() == 1; }));
        return variant.find("(128)") != std::string::npos ? 1.0 : 3.0;
      },
      "");
  rig = &two;
  TuningResult first, second;
  std::thread tuning([&] { first = two.launch_on(0); });
  ASSERT_TRUE(eventually([&] { return !holding.load(); }));  // device 0 is timing
  std::thread waiting([&] { second = two.launch_on(1); });
  tuning.join();
  waiting.join();

  EXPECT_EQ(first.best_config()[0], 128);
  EXPECT_EQ(second.best_config()[0], 128);
  EXPECT_TRUE(first.tuned);
  EXPECT_TRUE(second.cache_hit);  // taken, not measured
  const std::map<int, int> timings = two.device->timings_per_device();
  EXPECT_GT(timings.count(0) ? timings.at(0) : 0, 0);
  EXPECT_EQ(timings.count(1), 0u);  // nothing measured on device 1
  const std::string log = two.log.text();
  EXPECT_NE(log.find("another thread of this process is tuning it (on a GPU of the same model): "
                     "waiting for its winner"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("tile=128 from another thread's tuning on a GPU of the same model"),
            std::string::npos)
      << log;
  EXPECT_EQ(log.find("another process"), std::string::npos) << log;
  EXPECT_EQ(two.runtime->tunings_in_process().waiting(), 0);
}

TEST(DevicesInProcess, TwoModelsInOneProcessTuneSeparatelyAndAtOnce) {
  // Each device's first timing waits until the other device's has begun: both tune at once.
  std::atomic<bool> started[2] = {false, false};
  std::atomic<int> met{0};
  TwoDevices two(
      [&](const std::string&, const Geometry&) {
        const int me = FakeDevice::current_device();
        if (!started[me].exchange(true) && eventually([&] { return started[1 - me].load(); }))
          ++met;
        return 1.0;
      },
      "fake-sm80");
  two.device->device_infos[1].arch = 80;
  TuningResult zero, one;
  std::thread a([&] { zero = two.launch_on(0); });
  std::thread b([&] { one = two.launch_on(1); });
  a.join();
  b.join();
  EXPECT_EQ(met.load(), 2);
  EXPECT_TRUE(zero.tuned);
  EXPECT_TRUE(one.tuned);
  EXPECT_FALSE(one.cache_hit || zero.cache_hit);
  const std::map<int, int> timings = two.device->timings_per_device();
  EXPECT_GT(timings.count(0) ? timings.at(0) : 0, 0);
  EXPECT_GT(timings.count(1) ? timings.at(1) : 0, 0);
  const std::string log = two.log.text();
  EXPECT_EQ(log.find("is tuning it"), std::string::npos) << log;
  // Each model's winner is stored under its own device.
  for (const char* model : {"fake-sm90", "fake-sm80"})
    EXPECT_TRUE(two.runtime->results().find_if([&](const detail::StoredResult& r) {
      return r.device == model;
    })) << model;
}

}  // namespace
}  // namespace tiletune
