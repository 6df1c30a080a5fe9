// Butterfly of two streams, sum and difference, with 128-bit float4 accesses and cache hints: the
// read-once input streams through __ldcs, the other through __ldcg (L2 only), the sums are written
// with __stcs (evict first) and the differences with __stcg; a scalar tail uses the float
// overloads. Clang's CUDA headers lack these intrinsics; nvcc's and NVRTC's have them.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

template <int VECTORS_PER_THREAD>
__global__ void butterfly(const float* a, const float* b, float* sum, float* diff, int n) {
  const int n_vectors = n / 4;
  const float4* a4 = reinterpret_cast<const float4*>(a);
  const float4* b4 = reinterpret_cast<const float4*>(b);
  float4* sum4 = reinterpret_cast<float4*>(sum);
  float4* diff4 = reinterpret_cast<float4*>(diff);
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * VECTORS_PER_THREAD;
#pragma unroll
  for (int v = 0; v < VECTORS_PER_THREAD; ++v) {
    int i = first + v;
    if (i >= n_vectors) break;
    float4 x = __ldcs(a4 + i);
    float4 y = __ldcg(b4 + i);
    __stcs(sum4 + i, make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w));
    __stcg(diff4 + i, make_float4(x.x - y.x, x.y - y.y, x.z - y.z, x.w - y.w));
  }
  int tail = 4 * n_vectors + blockIdx.x * blockDim.x + threadIdx.x;
  if (tail < n) {
    float x = __ldcs(a + tail), y = __ldcg(b + tail);
    __stcs(sum + tail, x + y);
    __stcg(diff + tail, x - y);
  }
}

// a, b, sum and diff are 16-byte aligned (cudaMalloc'd).
static void butterfly(const float* a, const float* b, float* sum, float* diff, int n) {
  TILETUNE(space = (threads = (128, 256, 512), vectors = (1, 2)), key = (n),
           blocks = cld(n, 4 * $threads * $vectors), threads = $threads,
           butterfly<$vectors>(a, b, sum, diff, n));
}

TEST(CorpusPackedStcs, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("packed_stcs.cu", 6);
}

TEST(CorpusPackedStcs, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = (1 << 20) + 3;  // a scalar tail of three
  std::vector<float> a(n), b(n), want_sum(n), want_diff(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 101);
    b[i] = static_cast<float>(i % 13) * 0.25f;
    want_sum[i] = a[i] + b[i];
    want_diff[i] = a[i] - b[i];
  }
  tiletune::testing::DeviceBuffer<float> da(a), db(b), dsum(n), ddiff(n);
  butterfly(da.get(), db.get(), dsum.get(), ddiff.get(), n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dsum.read(), want_sum, 0.f), 0);
  EXPECT_EQ(tiletune::corpus::count_mismatches(ddiff.read(), want_diff, 0.f), 0);
}
