// GELU (the tanh approximation) in place, with an exported host launcher `void gelu(float*, int)`
// named like the `__global__ void gelu(...)` it launches, as libraries name an op and its kernel
// alike. Every trial overwrites x, so the annotation restores it.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cmath>
#include <vector>

__global__ void gelu(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  out[i] = 0.5f * x * (1.f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

void gelu(float* x, int n) {
  TILETUNE(space = (block = (128, 256, 512, 1024)), key = (n), blocks = cld(n, $block),
           threads = $block, restore = (x, n * sizeof(float)), gelu(x, x, n));
}

TEST(CorpusLauncherNamedLikeKernel, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("launcher_named_like_kernel.cu", 4);
}

TEST(CorpusLauncherNamedLikeKernel, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 300007;
  std::vector<float> x(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1201) / 100.f - 6.f;
    double v = x[i];
    want[i] =
        static_cast<float>(0.5 * v * (1.0 + std::tanh(0.7978845608 * (v + 0.044715 * v * v * v))));
  }
  tiletune::testing::DeviceBuffer<float> dx(x);
  gelu(dx.get(), n);  // tunes; restored around the trials, x ends as one launch leaves it
  EXPECT_EQ(tiletune::corpus::count_mismatches(dx.read(), want, 1e-5f), 0);
  cudaMemcpy(dx.get(), x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  gelu(dx.get(), n);  // the winner, once
  EXPECT_EQ(tiletune::corpus::count_mismatches(dx.read(), want, 1e-5f), 0);
}
