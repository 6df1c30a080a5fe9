// Clamped scaling y = clamp(a * x, lo, hi), checked against an OpenMP host reference written as
// host code around CUDA usually is: `isfinite` on float in a host template, CUDA's host
// max(int, int)/min(int, int), `#pragma omp parallel for` (a no-op without -fopenmp: this test
// links no OpenMP runtime). A second, untuned kernel counts non-finite outputs in a __shared__
// object with a constructor, which nvcc accepts (and does not run) and Clang rejects: the tool
// leaves it to nvcc because no tuned kernel depends on it.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>
#include <omp.h>

#include <cmath>
#include <vector>

template <int ITEMS>
__global__ void clamp_scale(const float* x, float* y, int n, float a, float lo, float hi) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (first + k < n) y[first + k] = fminf(fmaxf(a * x[first + k], lo), hi);
}

struct BlockCount {
  unsigned value;
  __device__ BlockCount() : value(0) {}
};

__global__ void count_nonfinite(const float* y, int n, unsigned* total) {
  __shared__ BlockCount count;
  if (threadIdx.x == 0) count.value = 0;  // nvcc does not run a __shared__ object's constructor
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && !isfinite(y[i])) atomicAdd(&count.value, 1u);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(total, count.value);
}

static void clamp_scale(const float* x, float* y, int n, float a, float lo, float hi) {
  TILETUNE(space = (block = (128, 256), items = (1, 4)), key = (n),
           blocks = cld(n, $block * $items), threads = $block,
           clamp_scale<$items>(x, y, n, a, lo, hi));
}

template <class T>
int count_finite(const std::vector<T>& v) {
  int finite = 0;
  for (const T& e : v) finite += isfinite(e) ? 1 : 0;
  return finite;
}

static std::vector<float> clamp_scale_reference(const std::vector<float>& x, float a, float lo,
                                                float hi) {
  std::vector<float> y(x.size());
  const int n = static_cast<int>(x.size());
  const int chunk = max(1, min(n / 64, 4096));
#pragma omp parallel for schedule(static, chunk)
  for (int i = 0; i < n; ++i) y[i] = std::fmin(std::fmax(a * x[i], lo), hi);
  return y;
}

TEST(CorpusHostReferenceOmp, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("host_reference_omp.cu", 4);
}

TEST(CorpusHostReferenceOmp, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 500001;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 4001) - 2000.f;
  x[7] = INFINITY;   // clamped to hi
  x[8] = -INFINITY;  // clamped to lo
  const float a = 0.75f, lo = -1000.f, hi = 1200.f;
  std::vector<float> want = clamp_scale_reference(x, a, lo, hi);
  ASSERT_EQ(count_finite(want), n);
  tiletune::testing::DeviceBuffer<float> dx(x), dy(n);
  tiletune::testing::DeviceBuffer<unsigned> nonfinite(std::vector<unsigned>{0u});
  clamp_scale(dx.get(), dy.get(), n, a, lo, hi);
  count_nonfinite<<<(n + 255) / 256, 256>>>(dy.get(), n, nonfinite.get());
  EXPECT_EQ(nonfinite.read()[0], 0u);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 0.f), 0);
}
