// A kernel with __launch_bounds__(max threads, min blocks): the tuned block sizes stay within it.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

static constexpr int kMaxThreads = 256;

__global__ void __launch_bounds__(kMaxThreads, 2)
    polynomial(const float* __restrict__ x, float* __restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = ((0.5f * v + 1.0f) * v - 2.0f) * v + 3.0f;
}

static void evaluate(const float* x, float* y, int n) {
  TILETUNE(space = (threads = (64, 128, 256)), blocks = cld(n, $threads), threads = $threads,
           polynomial(x, y, n));
}

TEST(CorpusLaunchBounds, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("launch_bounds.cu", 3);
}

TEST(CorpusLaunchBounds, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 77777;
  std::vector<float> x(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 21) * 0.1f - 1.f;
    want[i] = ((0.5f * x[i] + 1.0f) * x[i] - 2.0f) * x[i] + 3.0f;
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dy(n);
  evaluate(dx.get(), dy.get(), n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 1e-5f), 0);
}
