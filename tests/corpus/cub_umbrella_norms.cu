// Row norms with cub's BlockReduce taken from its umbrella header <cub/cub.cuh>, as most code
// includes cub, and the element type's handling chosen with <type_traits> and <limits> in device
// code (std::is_same_v, std::conditional_t, std::enable_if_t, std::numeric_limits).
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cub/cub.cuh>

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

template <typename T>
using accumulator_t = std::conditional_t<std::is_same_v<T, __half>, float, T>;

template <typename T, std::enable_if_t<std::numeric_limits<T>::is_iec559, int> = 0>
__device__ accumulator_t<T> square(T v) {
  return static_cast<accumulator_t<T>>(v) * static_cast<accumulator_t<T>>(v);
}

template <int BLOCK, typename T>
__global__ void row_norms(const T* x, float* norms, int width) {
  using BlockReduce = cub::BlockReduce<accumulator_t<T>, BLOCK>;
  __shared__ typename BlockReduce::TempStorage storage;
  const T* row = x + static_cast<long long>(blockIdx.x) * width;
  accumulator_t<T> sum = 0;
  for (int c = threadIdx.x; c < width; c += BLOCK) sum += square(row[c]);
  sum = BlockReduce(storage).Sum(sum);
  if (threadIdx.x == 0) norms[blockIdx.x] = sqrtf(static_cast<float>(sum));
}

static void norms_of(const float* x, float* norms, int rows, int width) {
  TILETUNE(space = (block = (128, 256, 512)), key = (width), blocks = rows, threads = $block,
           row_norms<$block, float>(x, norms, width));
}

TEST(CorpusCubUmbrella, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("cub_umbrella_norms.cu", 3);
}

TEST(CorpusCubUmbrella, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 300, width = 1000;
  std::vector<float> x(static_cast<std::size_t>(rows) * width);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 17) * 0.125f - 1.f;
  tiletune::testing::DeviceBuffer<float> dx(x), dnorms(rows);
  norms_of(dx.get(), dnorms.get(), rows, width);
  std::vector<float> want(rows);
  for (int r = 0; r < rows; ++r) {
    double s = 0;
    for (int c = 0; c < width; ++c) s += double(x[r * width + c]) * x[r * width + c];
    want[r] = static_cast<float>(std::sqrt(s));
  }
  EXPECT_EQ(tiletune::corpus::count_mismatches(dnorms.read(), want, 1e-4f), 0);
}
