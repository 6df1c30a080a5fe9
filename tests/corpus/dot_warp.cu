// Dot product with warp shuffles: each warp reduces with __shfl_down_sync, the warps' sums meet
// in a static __shared__ array, one atomicAdd per block accumulates the result (restored around
// every trial), and an optional mask is passed as NULL. The host launcher has the kernel's name.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void dot(const float* a, const float* b, const unsigned char* mask, float* result,
                    int n) {
  __shared__ float warp_sums[32];
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    if (!mask || mask[i]) s += a[i] * b[i];
  s = warp_sum(s);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_sums[warp] = s;
  __syncthreads();
  if (warp == 0) {
    s = lane < blockDim.x / 32 ? warp_sums[lane] : 0.f;
    s = warp_sum(s);
    if (lane == 0) atomicAdd(result, s);
  }
}

static void dot(const float* a, const float* b, float* result, int n) {
  TILETUNE(space = (block = (128, 256, 512), grid = (60, 120)), blocks = $grid, threads = $block,
           restore = (result, sizeof(float)), dot(a, b, NULL, result, n));
}

TEST(CorpusDotWarp, SlicesCompile) { tiletune::corpus::expect_slices_compile("dot_warp.cu", 6); }

TEST(CorpusDotWarp, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 20;
  std::vector<float> a(n), b(n);
  double want = 0;
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 7) * 0.5f;
    b[i] = static_cast<float>(i % 5) - 2.f;
    want += static_cast<double>(a[i]) * b[i];
  }
  tiletune::testing::DeviceBuffer<float> da(a), db(b), result(std::vector<float>{0.f});
  dot(da.get(), db.get(), result.get(), n);  // tunes
  cudaMemset(result.get(), 0, sizeof(float));
  dot(da.get(), db.get(), result.get(), n);
  std::vector<float> got = result.read();
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, {static_cast<float>(want)}, 1e-4f), 0);
}
