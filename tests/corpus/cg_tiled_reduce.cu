// Sum of squares, optionally weighted (weights == NULL: unweighted), over a grid-stride loop: each
// cooperative_groups thread_block_tile<32> reduces with cg::reduce and its leader adds the tile's
// sum to the result with one atomicAdd; no shared memory. Tuned over block and grid size; the
// annotated launch passes NULL for the weights, and restores the accumulated result per trial.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace cg = cooperative_groups;

__global__ void sum_squares(const float* x, const float* weights, float* result, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float s = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    s += (weights ? weights[i] : 1.f) * x[i] * x[i];
  s = cg::reduce(tile, s, cg::plus<float>());
  if (tile.thread_rank() == 0) atomicAdd(result, s);
}

static void sum_squares(const float* x, float* result, int n) {
  TILETUNE(space = (block = (128, 256, 512), grid = (66, 132, 264)), blocks = $grid,
           threads = $block, restore = (result, sizeof(float)), sum_squares(x, NULL, result, n));
}

TEST(CorpusCgTiledReduce, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("cg_tiled_reduce.cu", 9);
}

TEST(CorpusCgTiledReduce, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = (1 << 20) + 17;
  std::vector<float> x(n);
  float want = 0.f;  // small integers: every partial sum on either side is exact
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 9) - 4.f;
    want += x[i] * x[i];
  }
  tiletune::testing::DeviceBuffer<float> dx(x), result(std::vector<float>{0.f});
  sum_squares(dx.get(), result.get(), n);  // tunes; the result ends as one launch leaves it
  EXPECT_EQ(tiletune::corpus::count_mismatches(result.read(), {want}, 0.f), 0);
  cudaMemset(result.get(), 0, sizeof(float));
  sum_squares(dx.get(), result.get(), n);  // the winner, once
  EXPECT_EQ(tiletune::corpus::count_mismatches(result.read(), {want}, 0.f), 0);
}
