// An elementwise map whose operation is a functor template from a namespace and whose element type
// is a typedef of __nv_bfloat16, both given only as the launch's template arguments: the slice
// carries them (and <cuda_bf16.h>) although the kernel itself names neither.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <vector>

typedef __nv_bfloat16 floatX;

namespace ops {
template <class T>
struct HalveAndAddOne {
  __device__ T operator()(T v) const { return __hfma(v, T(0.5f), T(1.0f)); }
};
}  // namespace ops

template <int BLOCK, class F, class T>
__global__ void map_elements(const T* in, T* out, int n) {
  const F op{};
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) out[i] = op(in[i]);
}

static void halve_and_add_one(const floatX* in, floatX* out, int n) {
  TILETUNE(space = (block = (128, 256), grid = (30, 60)), blocks = $grid, threads = $block,
           map_elements<$block, ops::HalveAndAddOne<floatX>, floatX>(in, out, n));
}

TEST(CorpusFunctorMap, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("functor_map.cu", 4);
}

TEST(CorpusFunctorMap, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100000;
  std::vector<floatX> in(n);
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) {
    in[i] = __float2bfloat16(static_cast<float>(i % 8));
    want[i] = static_cast<float>(i % 8) * 0.5f + 1.f;  // exact in bf16
  }
  tiletune::testing::DeviceBuffer<floatX> din(in), dout(in.size());
  halve_and_add_one(din.get(), dout.get(), n);
  std::vector<floatX> out = dout.read();
  std::vector<float> got(n);
  for (int i = 0; i < n; ++i) got[i] = __bfloat162float(out[i]);
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 1e-6f), 0);
}
