// `verify`: a configuration whose output differs from the first configuration's is disqualified,
// even when it is the fastest. Here: the device source compiles in every configuration.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

// tile=512 is deliberately wrong: it skips the last element, and so is also slightly faster.
template <int TILE>
__global__ void square(const float* in, float* out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (TILE == 512 && i == n - 1) return;
  if (i < n) out[i] = in[i] * in[i];
}

void squares(const float* in, float* out, int n) {
  TILETUNE(space = (tile = (128, 256, 512)), blocks = cld(n, $tile), threads = $tile,
           outputs = (out, n * sizeof(float)), verify = true, square<$tile>(in, out, n));
}

TEST(Verify, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("verify_test.cu", 3);
}

TEST(Verify, TheWrongConfigurationIsDisqualifiedAndSaysWhy) {
  TILETUNE_REQUIRE_GPU();
  tiletune::clear_results();
  const int n = 1 << 20;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 100) / 10;
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  squares(din.get(), dout.get(), n);
  std::vector<float> out = dout.read();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != in[i] * in[i]) ++wrong;
  EXPECT_EQ(wrong, 0);
  const tiletune::TuningResult r = tiletune::tuning_results().back();  // a copy: the list is returned by value
  ASSERT_EQ(r.measurements.size(), 3u);
  EXPECT_TRUE(r.measurements[0].ok);
  EXPECT_TRUE(r.measurements[1].ok);
  EXPECT_FALSE(r.measurements[2].ok);
  EXPECT_NE(
      r.measurements[2].failure.find("wrong result: output 0 element " + std::to_string(n - 1)),
      std::string::npos)
      << r.measurements[2].failure;
  EXPECT_NE(r.best_config()[0], 512);
}
