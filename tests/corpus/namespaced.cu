// Kernels in nested namespaces: a helper in an anonymous namespace, a type in an inline
// namespace, a kernel launched from code inside the same namespace with an unqualified name.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

namespace project {
namespace detail {
namespace {
__device__ float squared(float v) { return v * v; }
}  // namespace

inline namespace v1 {
struct Accumulator {
  float total = 0.f;
  __device__ void add(float v) { total += squared(v); }
};
}  // namespace v1
}  // namespace detail

namespace kernels {
template <int BLOCK>
__global__ void sum_squares_per_block(const float* in, float* out, int n) {
  detail::Accumulator acc;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) acc.add(in[i]);
  out[blockIdx.x * BLOCK + threadIdx.x] = acc.total;
}

void sum_squares(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = 32, threads = $block,
           sum_squares_per_block<$block>(in, out, n));
}
}  // namespace kernels
}  // namespace project

TEST(CorpusNamespaces, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("namespaced.cu", 2);
}

TEST(CorpusNamespaces, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 50000;
  std::vector<float> in(n);
  double want = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = static_cast<float>(i % 10) * 0.1f;
    want += double(in[i]) * in[i];
  }
  tiletune::testing::DeviceBuffer<float> din(in), dout(32 * 128);
  dout.poison();
  project::kernels::sum_squares(din.get(), dout.get(), n);
  std::vector<float> out = dout.read();
  // Only the winner's block size of slots were written; the rest stay NaN.
  double got = 0;
  for (float v : out)
    if (!std::isnan(v)) got += v;
  EXPECT_NEAR(got, want, want * 1e-5);
}
