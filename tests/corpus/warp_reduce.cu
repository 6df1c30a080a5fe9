// Sum of a vector: each warp reduces with shuffles, lane 0 adds its partial sum atomically.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ float warp_reduce_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    v += __shfl_down_sync(kFullMask, v, offset);
  return v;
}

template <int BLOCK, int ITEMS>
__global__ void reduce_sum(const float* __restrict__ in, float* out, int n) {
  float sum = 0.f;
  int base = (blockIdx.x * BLOCK * ITEMS) + threadIdx.x;
#pragma unroll
  for (int i = 0; i < ITEMS; ++i) {
    int idx = base + i * BLOCK;
    if (idx < n) sum += in[idx];
  }
  sum = warp_reduce_sum(sum);
  if ((threadIdx.x & (warpSize - 1)) == 0) atomicAdd(out, sum);
}

static void sum(const float* in, float* out, int n, cudaStream_t s) {
  TILETUNE(space = (block = (128, 256), items = (1, 4)), blocks = cld(n, $block * $items),
           threads = $block, stream = s, reduce_sum<$block, $items>(in, out, n));
}

TEST(CorpusWarpReduce, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("warp_reduce.cu", 4);
}

TEST(CorpusWarpReduce, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = (1 << 20) + 3;
  std::vector<float> in(n);
  double want = 0;
  for (int i = 0; i < n; ++i) want += in[i] = static_cast<float>(i % 7) * 0.25f;
  tiletune::testing::DeviceBuffer<float> din(in), dout(1);
  for (int round = 0; round < 2; ++round) {  // the first launch tunes, the second uses the winner
    cudaMemset(dout.get(), 0, sizeof(float));
    sum(din.get(), dout.get(), n, nullptr);
    // Tuning runs the kernel many times on the same buffer: only the tuned launch's sum counts,
    // so the reference is checked on the second round, after clearing.
    if (round == 1) {
      float got = dout.read()[0];
      EXPECT_NEAR(got, want, want * 1e-5);
    }
  }
}
