// An elementwise conversion kernel whose per-element operation is a __device__ function passed as
// a template argument, the way an inference engine's copy kernels are instantiated
// (`convert<convert_f32_to_f16>`): the site names the function, and a function template's
// specialization, as the kernel's template argument.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <vector>

typedef float (*element_op)(float);

__device__ float halve_through_f16(float x) { return __half2float(__float2half(x * 0.5f)); }

template <int POWER>
__device__ float power(float x) {
  float r = 1.f;
  for (int p = 0; p < POWER; ++p) r *= x;
  return r;
}

template <element_op OP, int BLOCK>
__global__ void convert(const float* in, float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) out[i] = OP(in[i]);
}

static void halve(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = cld(n, $block), threads = $block,
           convert<halve_through_f16, $block>(in, out, n));
}

static void cube(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 256)), blocks = cld(n, $block), threads = $block,
           convert<power<3>, $block>(in, out, n));
}

TEST(CorpusDeviceFunctionArgument, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("device_function_argument.cu", 5);
}

TEST(CorpusDeviceFunctionArgument, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 5000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 64) * 0.25f - 8.f;
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  halve(din.get(), dout.get(), n);
  std::vector<float> halves(n), cubes(n);
  for (int i = 0; i < n; ++i) halves[i] = in[i] * 0.5f;  // exact in half precision here
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), halves, 0.f), 0);
  cube(din.get(), dout.get(), n);
  for (int i = 0; i < n; ++i) cubes[i] = in[i] * in[i] * in[i];
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), cubes, 1e-6f), 0);
}
