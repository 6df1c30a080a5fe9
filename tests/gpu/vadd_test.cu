// vadd through its annotation. Here: the device source the tool embedded compiles with NVRTC and
// nvJitLink for sm_90 in every configuration. On a GPU: the tuned launch matches the CPU.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

void add(const float* a, const float* b, float* c, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256), occupancy = (1, 2)),
           blocks = cld(n, $tile), threads = $tile, stream = s,
           vadd<$tile>(a, b, c, n));
}

TEST(Vadd, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("vadd_test.cu", 6);
}

TEST(Vadd, TunedLaunchMatchesTheCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = (1 << 22) + 37;  // not a multiple of any tile: the tail is checked too
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * static_cast<float>(i % 1000);
    b[i] = std::sqrt(static_cast<float>(i));
  }
  tiletune::testing::DeviceBuffer<float> da(a), db(b), dc(n);
  dc.poison();
  add(da.get(), db.get(), dc.get(), n, nullptr);
  add(da.get(), db.get(), dc.get(), n, nullptr);
  c = dc.read();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (!(std::fabs(c[i] - (a[i] + b[i])) <= 1e-6f * std::fabs(a[i] + b[i]))) ++wrong;
  EXPECT_EQ(wrong, 0);
  // The second launch did not tune again: one tuning for this key.
  int tunings = 0;
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (r.site.find("vadd_test.cu") != std::string::npos) ++tunings;
  EXPECT_EQ(tunings, 1);
}
