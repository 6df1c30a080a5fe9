// A FIR filter whose taps live in __constant__ memory, written by host code with
// cudaMemcpyToSymbol, the lookup-table idiom: the tuned kernel has its own copy of `taps`, which
// the runtime brings up to date from the application's before each launch. The taps change between
// two launches; the second launch must see the new ones.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

constexpr int kTaps = 8;
__constant__ float taps[kTaps];

__global__ void fir(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0.f;
  for (int t = 0; t < kTaps; ++t) s += taps[t] * (i - t >= 0 ? in[i - t] : 0.f);
  out[i] = s;
}

static void set_taps(const std::vector<float>& values) {
  cudaMemcpyToSymbol(taps, values.data(), kTaps * sizeof(float));
}

static void run_fir(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = cld(n, $block), threads = $block,
           fir(in, out, n));
}

TEST(CorpusSymbolCoeffs, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("symbol_coeffs.cu", 3);
}

static std::vector<float> fir_on_cpu(const std::vector<float>& in, const std::vector<float>& t) {
  std::vector<float> out(in.size());
  for (int i = 0; i < static_cast<int>(in.size()); ++i) {
    float s = 0.f;
    for (int k = 0; k < kTaps; ++k) s += t[k] * (i - k >= 0 ? in[i - k] : 0.f);
    out[i] = s;
  }
  return out;
}

TEST(CorpusSymbolCoeffs, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 16;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13) - 6.f;
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  const std::vector<float> first = {1, 0.5f, 0.25f, 0, 0, 0, 0, 0};
  set_taps(first);
  run_fir(din.get(), dout.get(), n);  // tunes, every trial with the first taps
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), fir_on_cpu(in, first), 1e-5f), 0);
  const std::vector<float> second = {-1, 2, 0, 0, 0, 0, 3, 0.125f};
  set_taps(second);
  run_fir(din.get(), dout.get(), n);  // the winner, with the new taps
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), fir_on_cpu(in, second), 1e-5f), 0);
}
