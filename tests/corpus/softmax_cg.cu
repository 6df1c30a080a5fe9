// Row softmax, one warp per row, with cooperative_groups tiles for the max and sum reductions.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

template <typename T>
struct MaxOp {
  __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
template <typename T>
struct SumOp {
  __device__ T operator()(T a, T b) const { return a + b; }
};

template <template <typename> class Op, typename T>
__device__ T tile_reduce(const cg::thread_block_tile<32>& tile, T v) {
  Op<T> op;
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v = op(v, tile.shfl_xor(v, offset));
  return v;
}

template <int ROWS_PER_BLOCK>
__global__ void softmax_rows(const float* in, float* out, int rows, int cols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * ROWS_PER_BLOCK + warp.meta_group_rank();
  if (row >= rows) return;
  const float* x = in + static_cast<size_t>(row) * cols;
  float m = -FLT_MAX;
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) m = fmaxf(m, x[c]);
  m = tile_reduce<MaxOp>(warp, m);
  float s = 0.f;
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) s += __expf(x[c] - m);
  s = tile_reduce<SumOp>(warp, s);
  for (int c = warp.thread_rank(); c < cols; c += warp.size())
    out[static_cast<size_t>(row) * cols + c] = __expf(x[c] - m) / s;
}

static void softmax(const float* in, float* out, int rows, int cols) {
  TILETUNE(space = (rows_per_block = (2, 4, 8)), key = (cols), blocks = cld(rows, $rows_per_block),
           threads = 32 * $rows_per_block, softmax_rows<$rows_per_block>(in, out, rows, cols));
}

TEST(CorpusSoftmax, SlicesCompile) { tiletune::corpus::expect_slices_compile("softmax_cg.cu", 3); }

TEST(CorpusSoftmax, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 1000, cols = 333;
  std::vector<float> in(rows * cols), want(rows * cols);
  for (int i = 0; i < rows * cols; ++i) in[i] = std::sin(0.01f * static_cast<float>(i)) * 4.f;
  for (int r = 0; r < rows; ++r) {
    float m = -FLT_MAX, s = 0;
    for (int c = 0; c < cols; ++c) m = std::max(m, in[r * cols + c]);
    for (int c = 0; c < cols; ++c) s += std::exp(in[r * cols + c] - m);
    for (int c = 0; c < cols; ++c) want[r * cols + c] = std::exp(in[r * cols + c] - m) / s;
  }
  tiletune::testing::DeviceBuffer<float> din(in), dout(in.size());
  softmax(din.get(), dout.get(), rows, cols);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-4f), 0);
}
