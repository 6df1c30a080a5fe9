// y = a * x + y with 128-bit loads and stores through an aligned, templated vector struct.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

template <typename T, int N>
struct alignas(sizeof(T) * N) Packed {
  T v[N];

  __device__ static Packed load(const T* p) { return *reinterpret_cast<const Packed*>(p); }
  __device__ void store(T* p) const { *reinterpret_cast<Packed*>(p) = *this; }
  __device__ Packed& fma(T a, const Packed& x) {
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] = a * x.v[i] + v[i];
    return *this;
  }
};

using Float4 = Packed<float, 4>;
static_assert(sizeof(Float4) == 16, "a 128-bit access");

template <int UNROLL>
__global__ void saxpy_packed(float a, const float* x, float* y, int n_vectors) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
#pragma unroll
  for (int u = 0; u < UNROLL; ++u, ++i) {
    if (i >= n_vectors) return;
    Float4 yv = Float4::load(y + 4 * i);
    yv.fma(a, Float4::load(x + 4 * i)).store(y + 4 * i);
  }
}

static void saxpy(float a, const float* x, float* y, int n) {
  TILETUNE(space = (threads = (128, 256), unroll = (1, 2)), key = (n),
           blocks = cld(n / 4, $threads * $unroll), threads = $threads,
           saxpy_packed<$unroll>(a, x, y, n / 4));
}

TEST(CorpusPackedLoads, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("packed_loads.cu", 4);
}

TEST(CorpusPackedLoads, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 20;
  std::vector<float> x(n), y(n), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 100);
    y[i] = 1.f;
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dy(y);
  saxpy(2.f, dx.get(), dy.get(), n);  // tunes: y is updated by every trial
  cudaMemcpy(dy.get(), y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  saxpy(2.f, dx.get(), dy.get(), n);  // the winner, once
  for (int i = 0; i < n; ++i) want[i] = 2.f * x[i] + y[i];
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 0.f), 0);
}
