// Constant(...) on a plain parameter: the compiled variant has the radius baked in (each value
// its own variant and tuning), so the loop over it unrolls; the launch passes the rest.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

enum class Edge { kClamp, kZero };

template <int BLOCK>
__global__ void __launch_bounds__(512)
    box_filter(const float* in, float* out, int n, int radius, Edge edge) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= n) return;
  float s = 0.f;
#pragma unroll
  for (int k = -radius; k <= radius; ++k) {
    int j = i + k;
    if (j < 0 || j >= n) {
      if (edge == Edge::kZero) continue;
      j = j < 0 ? 0 : n - 1;
    }
    s += in[j];
  }
  out[i] = s;
}

static void filter(const float* in, float* out, int n, int radius) {
  TILETUNE(space = (block = (128, 256)), key = (n), blocks = cld(n, $block), threads = $block,
           box_filter<$block>(in, out, n, Constant(radius), Constant(Edge::kClamp)));
}

TEST(CorpusConstant, SlicesCompile) {
  // The key carries n, then each Constant(...) value: radius 2, Edge::kClamp.
  tiletune::corpus::expect_slices_compile("constant_param.cu", 2, tiletune::key(1000, 2, 0));
  tiletune::corpus::expect_slices_compile("constant_param.cu", 2, tiletune::key(1000, 5, 0));
}

TEST(CorpusConstant, TheConstantsComeFromTheKey) {
  // Without the Constant(...) values in the key there is no variant to compile.
  EXPECT_THROW(tiletune::corpus::expect_slices_compile("constant_param.cu", 0, tiletune::key(1000)),
               tiletune::Error);
}

TEST(CorpusConstant, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 10007;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 9);
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  for (int radius : {1, 4}) {
    std::vector<float> want(n);
    for (int i = 0; i < n; ++i)
      for (int k = -radius; k <= radius; ++k) want[i] += in[std::min(std::max(i + k, 0), n - 1)];
    filter(din.get(), dout.get(), n, radius);
    EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0)
        << "radius " << radius;
  }
  // One tuning per radius: the value is part of the key.
  int tunings = 0;
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (r.site.find("constant_param.cu") != std::string::npos) ++tunings;
  EXPECT_EQ(tunings, 2);
}
