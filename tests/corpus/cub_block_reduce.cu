// Per-block maxima with cub::BlockReduce, the block size a template parameter of both.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>
#include <cub/block/block_reduce.cuh>

#include <algorithm>
#include <cstdio>
#include <vector>

template <int BLOCK>
__global__ void block_max(const int* in, int* out, int n) {
  using Reduce = cub::BlockReduce<int, BLOCK>;
  __shared__ typename Reduce::TempStorage storage;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int v = i < n ? in[i] : -2147483647 - 1;
  int m = Reduce(storage).Reduce(v, [](int a, int b) { return a > b ? a : b; });
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

static void block_maxima(const int* in, int* out, int n) {
  TILETUNE(space = [ (block = 128), (block = 256) ], key = (n), blocks = cld(n, $block),
           threads = $block, block_max<$block>(in, out, n));
}

TEST(CorpusCub, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("cub_block_reduce.cu", 2);
}

TEST(CorpusCub, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100000;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 100003;
  tiletune::testing::DeviceBuffer<int> din(in), dout(n);
  block_maxima(din.get(), dout.get(), n);
  std::vector<int> out = dout.read();
  int block = 0;
  for (tiletune::Site* site : tiletune::sites())
    if (std::string(site->info().file).find("cub_block_reduce.cu") != std::string::npos)
      block = static_cast<int>(site->result(tiletune::key(n))->best_config()[0]);
  ASSERT_GT(block, 0);
  for (int b = 0; b * block < n; ++b)
    EXPECT_EQ(out[b],
              *std::max_element(in.begin() + b * block, in.begin() + std::min(n, (b + 1) * block)));
}
