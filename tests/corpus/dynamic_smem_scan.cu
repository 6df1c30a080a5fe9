// Row-wise inclusive prefix sums, one block per row: each tile of the row is scanned in
// `extern __shared__` memory that the launch's shmem sizes to the block, a static __shared__
// variable carries the running total from tile to tile, and the input is scaled by a __device__
// global the kernel reads.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

__device__ float g_input_scale = 0.5f;

__global__ void row_scan(const float* in, float* out, int cols) {
  extern __shared__ float buf[];
  __shared__ float carry;
  const float* row = in + static_cast<size_t>(blockIdx.x) * cols;
  float* out_row = out + static_cast<size_t>(blockIdx.x) * cols;
  if (threadIdx.x == 0) carry = 0.f;
  for (int base = 0; base < cols; base += blockDim.x) {
    int c = base + threadIdx.x;
    buf[threadIdx.x] = c < cols ? row[c] * g_input_scale : 0.f;
    __syncthreads();
    for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
      float left = threadIdx.x >= offset ? buf[threadIdx.x - offset] : 0.f;
      __syncthreads();
      buf[threadIdx.x] += left;
      __syncthreads();
    }
    if (c < cols) out_row[c] = carry + buf[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1) carry += buf[threadIdx.x];
    __syncthreads();
  }
}

static void prefix_sums(const float* in, float* out, int rows, int cols) {
  TILETUNE(space = (block = (64, 128, 256, 512)), key = (cols), blocks = rows, threads = $block,
           shmem = $block * sizeof(float), row_scan(in, out, cols));
}

TEST(CorpusDynamicSmemScan, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("dynamic_smem_scan.cu", 4);
}

TEST(CorpusDynamicSmemScan, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 200, cols = 1500;  // not a multiple of any block: the last tile is partial
  std::vector<float> in(static_cast<size_t>(rows) * cols), want(in.size());
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 7) - 3.f;
  for (int r = 0; r < rows; ++r) {
    float sum = 0.f;  // halves of small integers: every partial sum is exact
    for (int c = 0; c < cols; ++c) {
      sum += in[static_cast<size_t>(r) * cols + c] * 0.5f;
      want[static_cast<size_t>(r) * cols + c] = sum;
    }
  }
  tiletune::testing::DeviceBuffer<float> din(in), dout(in.size());
  prefix_sums(din.get(), dout.get(), rows, cols);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 0.f), 0);
}
