// Weighted row sums of __half data, one warp per row: cooperative_groups' reduce over the warp,
// an optional per-column weight passed as NULL for none, a __constant__ scale, a __device__
// counter of the rows done, and a device assert from "assert.h".
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

#include "assert.h"

namespace cg = cooperative_groups;

__constant__ float kScale[2] = {0.5f, 2.0f};
__device__ unsigned g_rows_done;

template <int WARPS>
__global__ void row_sums(const __half* in, const float* weight, float* out, int rows, int cols) {
  assert(cols > 0);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int row = blockIdx.x * WARPS + warp.meta_group_rank();
  if (row >= rows) return;
  float s = 0.f;
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) {
    float v = __half2float(in[static_cast<size_t>(row) * cols + c]);
    s += weight ? v * weight[c] : v;
  }
  s = cg::reduce(warp, s, cg::plus<float>());
  if (warp.thread_rank() == 0) {
    out[row] = s * kScale[0] * kScale[1];
    atomicAdd(&g_rows_done, 1u);
  }
}

static void row_sums_of(const __half* in, float* out, int rows, int cols) {
  TILETUNE(space = (warps = (2, 4, 8)), blocks = cld(rows, $warps), threads = 32 * $warps,
           row_sums<$warps>(in, NULL, out, rows, cols));
}

TEST(CorpusRowSumsHalf, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("row_sums_half.cu", 3);
}

TEST(CorpusRowSumsHalf, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 777, cols = 500;
  std::vector<__half> in(static_cast<size_t>(rows) * cols);
  std::vector<float> want(rows, 0.f);
  for (size_t i = 0; i < in.size(); ++i) {
    float v = static_cast<float>(i % 17) * 0.25f;
    in[i] = __float2half(v);
    want[i / cols] += v;
  }
  tiletune::testing::DeviceBuffer<__half> din(in);
  tiletune::testing::DeviceBuffer<float> dout(rows);
  row_sums_of(din.get(), dout.get(), rows, cols);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0);
}
