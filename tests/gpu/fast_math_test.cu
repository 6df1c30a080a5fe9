// nvcc's -use_fast_math reaches the tuned kernel: the target compiles with it (CMakeLists.txt),
// tiletune_add_sources hands it to the tool, the site's NVRTC options carry it, and the first
// launch compiles with it. The tuned kernel's results then equal, bit for bit, those of the same
// kernel compiled by nvcc and launched plainly; the plain build's own differ from precise ones
// (so the flag is in force and the comparison can tell).
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

template <int TILE>
__global__ void squash(const float* in, float* out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) out[i] = expf(in[i]) / (1.0f + sinf(in[i]) * sinf(in[i]));
}

void tuned_squash(const float* in, float* out, int n) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile,
           squash<$tile>(in, out, n));
}

TEST(FastMath, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("fast_math_test.cu", 2);
}

TEST(FastMath, TheTunedKernelComputesWhatNvccsBuildComputes) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 16;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = -8.0f + 16.0f * static_cast<float>(i) / n;
  tiletune::testing::DeviceBuffer<float> din(in), plain(n), tuned(n);
  plain.poison();
  tuned.poison();
  squash<256><<<(n + 255) / 256, 256>>>(din.get(), plain.get(), n);
  tuned_squash(din.get(), tuned.get(), n);
  const std::vector<float> p = plain.read();
  const std::vector<float> t = tuned.read();
  int different = 0, approximate = 0;
  for (int i = 0; i < n; ++i) {
    different += std::memcmp(&p[i], &t[i], sizeof(float)) != 0;
    const double s = std::sin(static_cast<double>(in[i]));
    const float precise = static_cast<float>(std::exp(static_cast<double>(in[i])) / (1.0 + s * s));
    approximate += p[i] != precise;
  }
  EXPECT_EQ(different, 0) << "of " << n;
  EXPECT_GT(approximate, n / 100) << "the plain build does not look fast-math";
}
