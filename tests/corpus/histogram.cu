// A 256-bin byte histogram: per-block bins in shared memory, merged with global atomics. The bin
// counter is a class with a member defined out of line.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

constexpr int kBins = 256;

class SharedBins {
 public:
  __device__ explicit SharedBins(unsigned* storage) : bins_(storage) {}
  __device__ void clear(int tid, int threads);
  __device__ void add(unsigned char value) { atomicAdd(&bins_[value], 1u); }
  __device__ void flush(unsigned* global, int tid, int threads) const {
    for (int b = tid; b < kBins; b += threads) atomicAdd(&global[b], bins_[b]);
  }

 private:
  unsigned* bins_;
};

__device__ void SharedBins::clear(int tid, int threads) {
  for (int b = tid; b < kBins; b += threads) bins_[b] = 0;
}

template <int BLOCK, int ITEMS>
__global__ void histogram256(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned storage[kBins];
  SharedBins local(storage);
  local.clear(threadIdx.x, BLOCK);
  __syncthreads();
  for (int i = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS; i < n; i += gridDim.x * BLOCK * ITEMS)
    for (int k = 0; k < ITEMS && i + k < n; ++k) local.add(data[i + k]);
  __syncthreads();
  local.flush(bins, threadIdx.x, BLOCK);
}

static void histogram(const unsigned char* data, unsigned* bins, int n) {
  TILETUNE(space = (block = (128, 256), items = (1, 4)), blocks = 80, threads = $block,
           histogram256<$block, $items>(data, bins, n));
}

TEST(CorpusHistogram, SlicesCompile) { tiletune::corpus::expect_slices_compile("histogram.cu", 4); }

TEST(CorpusHistogram, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 20;
  std::vector<unsigned char> data(n);
  std::vector<unsigned> want(kBins, 0);
  for (int i = 0; i < n; ++i) ++want[data[i] = static_cast<unsigned char>((i * 7) ^ (i >> 3))];
  tiletune::testing::DeviceBuffer<unsigned char> ddata(data);
  tiletune::testing::DeviceBuffer<unsigned> dbins(kBins);
  histogram(ddata.get(), dbins.get(), n);  // tunes: counts accumulate over every trial
  cudaMemset(dbins.get(), 0, kBins * sizeof(unsigned));
  histogram(ddata.get(), dbins.get(), n);
  EXPECT_EQ(dbins.read(), want);
}
