// Kernels calling templated device helpers defined in a user header: a specialised functor
// template, a warp reduction, an alias template and a constexpr function.
#include <tiletune/tiletune.h>

#include "corpus_helpers.cuh"
#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

using corpus_helpers::Activation;

template <int WARPS, Activation A>
__global__ void activate_and_warp_sum(const float* in, corpus_helpers::Pointer<float> out, int n) {
  int i = blockIdx.x * (WARPS * CORPUS_WARP_SIZE) + threadIdx.x;
  float v = i < n ? corpus_helpers::Activate<A>::apply(in[i]) : 0.f;
  v = corpus_helpers::warp_all_reduce(v);
  if ((threadIdx.x % CORPUS_WARP_SIZE) == 0 && i < n) out[i / CORPUS_WARP_SIZE] = v;
}

static void relu_warp_sums(const float* in, float* out, int n) {
  TILETUNE(space = (warps = (2, 4)), blocks = corpus_helpers::ceil_div(n, 32 * $warps),
           threads = 32 * $warps, activate_and_warp_sum<$warps, Activation::kRelu>(in, out, n));
}

TEST(CorpusUserHeader, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("user_header.cu", 2);
}

TEST(CorpusUserHeader, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 32 * 1000;
  std::vector<float> in = corpus_helpers::host_ramp(n), want(n / 32, 0.f);
  for (int i = 0; i < n; ++i) want[i / 32] += in[i] > 0 ? in[i] : 0;
  tiletune::testing::DeviceBuffer<float> din(in), dout(n / 32);
  relu_warp_sums(din.get(), dout.get(), n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0);
}
