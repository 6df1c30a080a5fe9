// Row maximum through dynamic shared memory: one block per row, a tree reduction in
// `extern __shared__` memory that the launch's shmem sizes, -INFINITY as the identity, a device
// assert on the block shape, and a host launcher named like its kernel. Host code uses INFINITY
// before the kernel does.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <assert.h>
#include <cuda_runtime.h>
#include <math.h>

#include <algorithm>
#include <vector>

static bool unbounded(float v) { return v == INFINITY || v == -INFINITY; }

__global__ void row_max(const float* in, float* out, int cols) {
  extern __shared__ float partial[];
  assert((blockDim.x & (blockDim.x - 1)) == 0);
  const float* row = in + static_cast<size_t>(blockIdx.x) * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
  partial[threadIdx.x] = m;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      partial[threadIdx.x] = fmaxf(partial[threadIdx.x], partial[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

static void row_max(const float* in, float* out, int rows, int cols) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = rows, threads = $block,
           shmem = $block * sizeof(float), row_max(in, out, cols));
}

TEST(CorpusRowMax, SlicesCompile) { tiletune::corpus::expect_slices_compile("row_max.cu", 3); }

TEST(CorpusRowMax, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 300, cols = 1000;
  std::vector<float> in(static_cast<size_t>(rows) * cols), want(rows, -INFINITY);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>((i * 7919) % 1013) - 500.f;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      want[r] = std::max(want[r], in[static_cast<size_t>(r) * cols + c]);
  tiletune::testing::DeviceBuffer<float> din(in), dout(rows);
  row_max(din.get(), dout.get(), rows, cols);
  std::vector<float> got = dout.read();
  for (float v : got) EXPECT_FALSE(unbounded(v));
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 0.f), 0);
}
