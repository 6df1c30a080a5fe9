// Macros defined per compiler pass, as real code writes them: under `#ifdef __CUDA_ARCH__` the
// launch-bounds minimum and a fused multiply-add, under `#if __CUDA_ARCH__ >= 800` a device-only
// include. The slice keeps the conditionals, so NVRTC takes the device branch.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#include <cuda/std/cstdint>
#endif

#define DEVICE_MIN_BLOCKS 2

#ifdef __CUDA_ARCH__
#define MIN_BLOCKS DEVICE_MIN_BLOCKS
#define FUSED(a, x, b) __fmaf_rn(a, x, b)
#else
#define MIN_BLOCKS 1
#define FUSED(a, x, b) ((a) * (x) + (b))
#endif

__global__ void __launch_bounds__(256, MIN_BLOCKS)
    affine(const float* __restrict__ x, float* __restrict__ y, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  cuda::std::int32_t last = n - 1;
  if (i > last) return;
#else
  if (i >= n) return;
#endif
  y[i] = FUSED(a, x[i], b);
}

static void apply(const float* x, float* y, float a, float b, int n) {
  TILETUNE(space = (threads = (64, 128, 256)), blocks = cld(n, $threads), threads = $threads,
           affine(x, y, a, b, n));
}

TEST(CorpusArchConditional, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("arch_conditional.cu", 3);
}

TEST(CorpusArchConditional, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 50001;
  std::vector<float> x(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 37) * 0.25f - 4.f;
    want[i] = 1.5f * x[i] - 0.75f;
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dy(n);
  apply(dx.get(), dy.get(), 1.5f, -0.75f, n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 1e-5f), 0);
}
