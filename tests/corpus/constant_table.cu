// Read-only tables initialised in the source: a __constant__ array, a constexpr array in a struct,
// an enum-indexed table and a constexpr (host) function the kernel calls.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

__constant__ float kWeights[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};

struct Gains {
  static constexpr float kTable[3] = {1.0f, 2.0f, 4.0f};
};

enum Channel { kRed = 0, kGreen = 1, kBlue = 2, kChannels };

constexpr int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }

template <int BLOCK>
__global__ void blur_rgb(const float* in, float* out, int pixels) {
  int p = blockIdx.x * BLOCK + threadIdx.x;
  if (p >= pixels) return;
  for (int c = kRed; c < kChannels; ++c) {
    float s = 0.f;
    for (int k = 0; k < 5; ++k)
      s += kWeights[k] * in[clamp_index(p + k - 2, pixels) * kChannels + c];
    out[p * kChannels + c] = s * Gains::kTable[c];
  }
}

static void blur(const float* in, float* out, int pixels) {
  TILETUNE(space = (block = (64, 256)), blocks = cld(pixels, $block), threads = $block,
           blur_rgb<$block>(in, out, pixels));
}

TEST(CorpusConstantTable, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("constant_table.cu", 2);
}

TEST(CorpusConstantTable, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int pixels = 4099;
  const float weights[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
  std::vector<float> in(pixels * 3), want(pixels * 3);
  for (int i = 0; i < pixels * 3; ++i) in[i] = static_cast<float>(i % 31);
  for (int p = 0; p < pixels; ++p)
    for (int c = 0; c < 3; ++c) {
      float s = 0;
      for (int k = 0; k < 5; ++k) s += weights[k] * in[clamp_index(p + k - 2, pixels) * 3 + c];
      want[p * 3 + c] = s * Gains::kTable[c];
    }
  tiletune::testing::DeviceBuffer<float> din(in), dout(in.size());
  blur(din.get(), dout.get(), pixels);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0);
}
