// Sizes and helpers from macros, as older CUDA code writes them: object-like macros built on
// each other, a function-like macro, a multi-line macro, and #ifdef inside the kernel.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#define RADIUS 3
#define DIAMETER (2 * RADIUS + 1)
#define IDX(i, n) ((i) < 0 ? 0 : ((i) >= (n) ? (n)-1 : (i)))
#define CLAMPED_LOAD(ptr, i, n) (ptr)[IDX((i), (n))]
#define STENCIL_AVERAGE

template <int BLOCK>
__global__ void stencil_1d(const float* in, float* out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  tile[threadIdx.x + RADIUS] = CLAMPED_LOAD(in, g, n);
  if (threadIdx.x < RADIUS) {
    tile[threadIdx.x] = CLAMPED_LOAD(in, g - RADIUS, n);
    tile[threadIdx.x + BLOCK + RADIUS] = CLAMPED_LOAD(in, g + BLOCK, n);
  }
  __syncthreads();
  if (g >= n) return;
  float s = 0.f;
  for (int k = 0; k < DIAMETER; ++k) s += tile[threadIdx.x + k];
#ifdef STENCIL_AVERAGE
  s /= DIAMETER;
#endif
  out[g] = s;
}

static void stencil(const float* in, float* out, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           stencil_1d<$block>(in, out, n));
}

TEST(CorpusMacros, SlicesCompile) { tiletune::corpus::expect_slices_compile("macro_sizes.cu", 2); }

TEST(CorpusMacros, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 12345;
  std::vector<float> in(n), want(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 17);
  for (int i = 0; i < n; ++i) {
    float s = 0;
    for (int k = -RADIUS; k <= RADIUS; ++k) s += in[IDX(i + k, n)];
    want[i] = s / DIAMETER;
  }
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  stencil(din.get(), dout.get(), n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0);
}
