// y = scale * x + shift over a parameter struct passed by value as `const __grid_constant__` (the
// kernel reads it in place from the parameter space, as CUTLASS-style kernels take their Params),
// with __restrict__ pointers inside and __ldg reads.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

struct AffineParams {
  const float* __restrict__ x;
  float* __restrict__ y;
  int n;
  float scale;
  float shift;
};

template <int ITEMS>
__global__ void affine(const __grid_constant__ AffineParams p) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (first + k < p.n) p.y[first + k] = p.scale * __ldg(p.x + first + k) + p.shift;
}

static void affine(const float* x, float* y, int n, float scale, float shift) {
  AffineParams params{x, y, n, scale, shift};
  TILETUNE(space = (block = (128, 256), items = (1, 2, 4)), key = (n),
           blocks = cld(n, $block * $items), threads = $block, affine<$items>(params));
}

TEST(CorpusGridConstantParams, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("grid_constant_params.cu", 6);
}

TEST(CorpusGridConstantParams, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 123457;
  std::vector<float> x(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 301) - 150.f;
    want[i] = 0.5f * x[i] - 3.f;
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dy(n);
  affine(dx.get(), dy.get(), n, 0.5f, -3.f);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 0.f), 0);
}
