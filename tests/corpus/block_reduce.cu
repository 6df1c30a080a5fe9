// Per-block partial sums through shared memory (the classic tree reduction), sizes from macros.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#define MAX_BLOCK 512
#define HALF(x) ((x) / 2)

template <int BLOCK>
__global__ void __launch_bounds__(MAX_BLOCK) block_sums(const float* in, float* partial, int n) {
  __shared__ float cache[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  cache[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  for (int stride = HALF(BLOCK); stride > 0; stride = HALF(stride)) {
    if (threadIdx.x < stride) cache[threadIdx.x] += cache[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

static void partial_sums(const float* in, float* partial, int n) {
  TILETUNE(space = [ (block = 128), (block = 256), (block = 512) ], key = (n),
           blocks = cld(n, $block), threads = $block, block_sums<$block>(in, partial, n));
}

TEST(CorpusBlockReduce, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("block_reduce.cu", 3);
}

TEST(CorpusBlockReduce, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13);
  tiletune::testing::DeviceBuffer<float> din(in), dpartial(n);
  partial_sums(din.get(), dpartial.get(), n);
  // Whatever block size won, the partial sums add up to the total.
  std::vector<float> partial = dpartial.read();
  double total = 0, want = 0;
  for (float v : in) want += v;
  tiletune::Key key = tiletune::key(n);
  for (tiletune::Site* site : tiletune::sites()) {
    // Exactly this file (a site names its file without the directory), not cub_block_reduce.cu.
    if (std::string(site->info().file) != "block_reduce.cu") continue;
    std::optional<tiletune::TuningResult> r = site->result(key);
    ASSERT_TRUE(r.has_value());
    int block = static_cast<int>(r->best_config()[0]);
    for (int b = 0; b < (n + block - 1) / block; ++b) total += partial[b];
  }
  EXPECT_DOUBLE_EQ(total, want);
}
