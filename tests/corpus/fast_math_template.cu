// A layer-norm-style kernel templated on its element type that uses the fast intrinsics on values
// of that type (rsqrtf, __expf, __logf, __fdividef), as kernels templated on their element type
// do: the calls are resolved only per instantiation.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cmath>
#include <vector>

template <int BLOCK, typename T>
__global__ void normalize_rows(const T* x, T* y, int width) {
  __shared__ T partial[BLOCK];
  const T* row = x + static_cast<long long>(blockIdx.x) * width;
  T sum = 0;
  for (int c = threadIdx.x; c < width; c += BLOCK) sum += row[c] * row[c];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  const T inverse = rsqrtf(__fdividef(partial[0], static_cast<T>(width)) + static_cast<T>(1e-6f));
  for (int c = threadIdx.x; c < width; c += BLOCK)
    y[static_cast<long long>(blockIdx.x) * width + c] = __logf(__expf(row[c] * inverse));
}

static void normalize(const float* x, float* y, int rows, int width) {
  TILETUNE(space = (block = (64, 128, 256)), key = (width), blocks = rows, threads = $block,
           normalize_rows<$block, float>(x, y, width));
}

TEST(CorpusFastMathTemplate, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("fast_math_template.cu", 3);
}

TEST(CorpusFastMathTemplate, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 64, width = 700;
  std::vector<float> x(static_cast<std::size_t>(rows) * width);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 23) * 0.1f - 1.1f;
  tiletune::testing::DeviceBuffer<float> dx(x), dy(x.size());
  normalize(dx.get(), dy.get(), rows, width);
  std::vector<float> want(x.size());
  for (int r = 0; r < rows; ++r) {
    double s = 0;
    for (int c = 0; c < width; ++c) s += double(x[r * width + c]) * x[r * width + c];
    const double inverse = 1 / std::sqrt(s / width + 1e-6);
    for (int c = 0; c < width; ++c)
      want[r * width + c] = static_cast<float>(x[r * width + c] * inverse);
  }
  // The fast intrinsics' error: a few ulps of __expf and __logf around the value.
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 2e-4f), 0);
}
