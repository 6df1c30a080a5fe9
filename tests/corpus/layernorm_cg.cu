// LayerNorm, one block per row: cooperative_groups::reduce over warps, then shared memory.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

struct MeanVar {
  float mean;
  float rstd;
};

template <int BLOCK>
__device__ float block_sum(cg::thread_block& block, float v, float* scratch) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  v = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0) scratch[warp.meta_group_rank()] = v;
  block.sync();
  float total = 0.f;
  for (int w = 0; w < BLOCK / 32; ++w) total += scratch[w];
  block.sync();
  return total;
}

template <int BLOCK>
__global__ void layernorm(const float* x, const float* gamma, const float* beta, float* y, int cols,
                          float eps) {
  __shared__ float scratch[BLOCK / 32];
  cg::thread_block block = cg::this_thread_block();
  const float* row = x + static_cast<size_t>(blockIdx.x) * cols;
  float s = 0.f, ss = 0.f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    s += row[c];
    ss += row[c] * row[c];
  }
  s = block_sum<BLOCK>(block, s, scratch);
  ss = block_sum<BLOCK>(block, ss, scratch);
  MeanVar mv;
  mv.mean = s / cols;
  mv.rstd = rsqrtf(ss / cols - mv.mean * mv.mean + eps);
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    y[static_cast<size_t>(blockIdx.x) * cols + c] =
        (row[c] - mv.mean) * mv.rstd * gamma[c] + beta[c];
}

static void layer_norm(const float* x, const float* g, const float* b, float* y, int rows,
                       int cols) {
  TILETUNE(space = (block = (64, 128, 256)), key = (cols), blocks = rows, threads = $block,
           layernorm<$block>(x, g, b, y, cols, 1e-5f));
}

TEST(CorpusLayerNorm, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("layernorm_cg.cu", 3);
}

TEST(CorpusLayerNorm, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 256, cols = 1000;
  std::vector<float> x(rows * cols), g(cols), b(cols), want(rows * cols);
  for (int i = 0; i < rows * cols; ++i) x[i] = std::cos(0.37f * static_cast<float>(i));
  for (int c = 0; c < cols; ++c) {
    g[c] = 1.f + 0.001f * c;
    b[c] = 0.01f * (c % 5);
  }
  for (int r = 0; r < rows; ++r) {
    double s = 0, ss = 0;
    for (int c = 0; c < cols; ++c) {
      s += x[r * cols + c];
      ss += double(x[r * cols + c]) * x[r * cols + c];
    }
    double mean = s / cols, rstd = 1.0 / std::sqrt(ss / cols - mean * mean + 1e-5);
    for (int c = 0; c < cols; ++c)
      want[r * cols + c] = static_cast<float>((x[r * cols + c] - mean) * rstd * g[c] + b[c]);
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dg(g), db(b), dy(x.size());
  layer_norm(dx.get(), dg.get(), db.get(), dy.get(), rows, cols);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 1e-3f), 0);
}
