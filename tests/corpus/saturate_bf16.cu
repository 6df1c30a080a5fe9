// Saturating scale of __nv_bfloat16 data: infinities and products beyond a limit become the limit
// with their sign (FLT_MAX bounds the float product first), in a template kernel whose host
// launcher has its name.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <float.h>
#include <math.h>

#include <vector>

constexpr float kLimit = 1e30f;

__host__ __device__ inline float saturated(float v, float s) {
  float p = fabsf(v) == INFINITY ? copysignf(FLT_MAX, v) : v * s;
  return fminf(fmaxf(p, -kLimit), kLimit);
}

template <int BLOCK>
__global__ void saturate(const __nv_bfloat16* in, __nv_bfloat16* out, float s, int n) {
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK)
    out[i] = __float2bfloat16(saturated(__bfloat162float(in[i]), s));
}

static void saturate(const __nv_bfloat16* in, __nv_bfloat16* out, float s, int n) {
  TILETUNE(space = (block = (128, 256, 512)), blocks = 120, threads = $block,
           saturate<$block>(in, out, s, n));
}

TEST(CorpusSaturateBf16, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("saturate_bf16.cu", 3);
}

TEST(CorpusSaturateBf16, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 50001;
  std::vector<__nv_bfloat16> in(n);
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) {
    float v = i % 97 == 0 ? (i % 2 ? INFINITY : -INFINITY) : static_cast<float>(i % 41) - 20.f;
    in[i] = __float2bfloat16(v);
    want[i] = __bfloat162float(__float2bfloat16(saturated(__bfloat162float(in[i]), 3.f)));
  }
  tiletune::testing::DeviceBuffer<__nv_bfloat16> din(in), dout(n);
  saturate(din.get(), dout.get(), 3.f, n);
  std::vector<float> got(n);
  std::vector<__nv_bfloat16> out = dout.read();
  for (int i = 0; i < n; ++i) got[i] = __bfloat162float(out[i]);
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 0.f), 0);
}
