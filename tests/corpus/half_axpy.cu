// __half arithmetic: pairs of halves through __half2 intrinsics, the odd tail one at a time.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

__device__ inline __half2 axpy2(__half2 a, __half2 x, __half2 y) { return __hfma2(a, x, y); }

template <int BLOCK>
__global__ void haxpy(int n, __half a, const __half* x, __half* y) {
  int pairs = n / 2;
  const __half2* x2 = reinterpret_cast<const __half2*>(x);
  __half2* y2 = reinterpret_cast<__half2*>(y);
  __half2 a2 = __half2half2(a);
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < pairs; i += gridDim.x * BLOCK)
    y2[i] = axpy2(a2, x2[i], y2[i]);
  if (blockIdx.x == 0 && threadIdx.x == 0 && (n & 1)) y[n - 1] = a * x[n - 1] + y[n - 1];
}

static void half_axpy(int n, __half a, const __half* x, __half* y) {
  TILETUNE(space = (block = (128, 256)), blocks = 64, threads = $block, haxpy<$block>(n, a, x, y));
}

TEST(CorpusHalf, SlicesCompile) { tiletune::corpus::expect_slices_compile("half_axpy.cu", 2); }

TEST(CorpusHalf, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100001;
  std::vector<__half> x(n), y(n);
  std::vector<float> want(n), got(n);
  for (int i = 0; i < n; ++i) {
    x[i] = __float2half(static_cast<float>(i % 8) * 0.5f);
    y[i] = __float2half(1.f);
  }
  tiletune::testing::DeviceBuffer<__half> dx(x), dy(y);
  half_axpy(n, __float2half(2.f), dx.get(), dy.get());
  cudaMemcpy(dy.get(), y.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
  half_axpy(n, __float2half(2.f), dx.get(), dy.get());
  std::vector<__half> out = dy.read();
  for (int i = 0; i < n; ++i) {
    want[i] = 2.f * __half2float(x[i]) + 1.f;
    got[i] = __half2float(out[i]);
  }
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 1e-3f), 0);
}
