// `restore`: an in-place kernel tuned over several configurations leaves the caller's data as if
// it had run once. Here: the device source compiles in every configuration.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <vector>

template <int TILE>
__global__ void twice_plus_one(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = 2 * x[i] + 1;
}

void update(float* x, int n) {
  TILETUNE(space = (tile = (64, 128, 256, 512)), blocks = cld(n, $tile), threads = $tile,
           restore = (x, n * sizeof(float)), twice_plus_one<$tile>(x, n));
}

TEST(Restore, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("restore_test.cu", 4);
}

TEST(Restore, AnInPlaceKernelIsAsIfItRanOnce) {
  TILETUNE_REQUIRE_GPU();
  tiletune::clear_results();  // tune here, not from a results file of an earlier run
  const int n = (1 << 20) + 3;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 977);
  tiletune::testing::DeviceBuffer<float> dx(x);
  update(dx.get(), n);
  std::vector<float> after = dx.read();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (after[i] != 2 * x[i] + 1) ++wrong;
  EXPECT_EQ(wrong, 0);
  // Many trial launches ran: tuning measured every configuration.
  const tiletune::TuningResult r = tiletune::tuning_results().back();  // a copy: the list is returned by value
  EXPECT_FALSE(r.from_file);
  int samples = 0;
  for (const tiletune::Measurement& m : r.measurements) samples += m.samples;
  EXPECT_GT(samples, 4);
  // The next launch is the winner, once.
  update(dx.get(), n);
  after = dx.read();
  for (int i = 0; i < n; ++i)
    if (after[i] != 2 * (2 * x[i] + 1) + 1) ++wrong;
  EXPECT_EQ(wrong, 0);
}
