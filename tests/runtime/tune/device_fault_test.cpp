// A fault of the GPU during a tuning (an illegal address in one configuration's kernel): the
// context is unusable afterwards, so the tuning stops there with an error that names the
// configuration, instead of every later configuration failing with the same driver error. The
// fake device faults a launch of a chosen variant and then fails every call, as a CUDA context
// does.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

bool names(const std::string& variant, int tile) {
  return variant.find("(" + std::to_string(tile) + ")") != std::string::npos;
}

void square(const std::string&, const Geometry&, void** args) {
  const float* in = *static_cast<const float**>(args[0]);
  float* out = *static_cast<float**>(args[1]);
  const int n = *static_cast<int*>(args[2]);
  for (int i = 0; i < n; ++i) out[i] = in[i] * in[i];
}

// A process: the fake device (tile=256 the fastest), a runtime on `results`.
struct Process {
  FakeDevice* device;
  std::unique_ptr<Runtime> runtime;

  explicit Process(const std::string& results, bool pinned = false) {
    auto d = std::make_unique<FakeDevice>(
        [](const std::string& v, const Geometry&) { return names(v, 256) ? 1.0 : 2.0; });
    d->effect = square;
    device = d.get();
    RuntimeOptions options;
    options.log = nullptr;
    options.results_file = results;
    options.pinned = pinned;
    runtime = std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(), options);
  }

  // The site's first launch for n = 100, its outputs checked when `verify`.
  void launch(bool verify) {
    Site site(testing::vadd_site(), runtime.get());
    int n = 100;
    std::vector<float> in(n), out(n);
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
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args, options);
  }
};

// The message of the Error `launch` throws; "" when it throws none.
template <class F>
std::string error_of(F&& launch) {
  try {
    launch();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

constexpr const char* kFault =
    "(cuCtxSynchronize failed: an illegal memory access was encountered (fake)): a CUDA context is "
    "unusable after such a fault (every later CUDA call in this process fails with it), so the "
    "tuning stops here. The fault is this configuration's, or that of work queued on the stream "
    "before the tuning: run the program under compute-sanitizer, or leave the configuration out "
    "of the space with 'where'";

TEST(DeviceFault, TheTuningStopsAtTheConfigurationWhoseLaunchFaultedAndNamesIt) {
  testing::TemporaryDirectory dir;
  Process p(dir / "results.txt");
  p.device->fault_if = [](const std::string& v) { return names(v, 128); };
  EXPECT_EQ(error_of([&] { p.launch(false); }),
            std::string("vadd.cu:3: tiletune: the GPU faulted while `vadd<$tile>` ran with "
                        "tile=128 ") +
                kFault);
  // Its first timed launch faulted, and nothing was timed after it.
  const std::vector<std::string> timed = p.device->timed();
  ASSERT_FALSE(timed.empty());
  EXPECT_TRUE(names(timed.back(), 128));
  EXPECT_EQ(
      std::count_if(timed.begin(), timed.end(), [](const std::string& v) { return names(v, 128); }),
      1);
  // No winner was stored: the next process tunes.
  Process next(dir / "results.txt");
  next.launch(false);
  EXPECT_FALSE(next.device->timed().empty());
}

TEST(DeviceFault, AStoredWinnersCheckThatFaultsNamesItInsteadOfTuningAgain) {
  testing::TemporaryDirectory dir;
  {
    Process first(dir / "results.txt");
    first.launch(true);  // stores tile=256
  }
  Process second(dir / "results.txt");
  second.device->fault_if = [](const std::string& v) { return names(v, 256); };
  EXPECT_EQ(error_of([&] { second.launch(true); }),
            std::string("vadd.cu:3: tiletune: the GPU faulted while `vadd<$tile>` ran with "
                        "tile=256 ") +
                kFault);
  EXPECT_TRUE(second.device->timed().empty());  // it did not tune again
}

TEST(DeviceFault, PinnedModeInAContextThatFaultedBeforeSaysSo) {
  testing::TemporaryDirectory dir;
  Process p(dir / "results.txt", /*pinned=*/true);
  p.device->fault();
  const std::string error = error_of([&] { p.launch(false); });
  EXPECT_NE(error.find("vadd.cu:3: tiletune: the GPU faulted while `vadd<$tile>` ran with "
                       "tile=64 (cuCtxSynchronize failed"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("or that of work queued on the stream before the tuning"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace tiletune
