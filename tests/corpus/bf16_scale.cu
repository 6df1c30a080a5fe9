// __nv_bfloat16 arithmetic: scale and shift in bf16, accumulate a row sum in float.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

typedef __nv_bfloat16 bf16;

template <int BLOCK>
__global__ void scale_shift_bf16(const bf16* in, bf16* out, float* row_sums, int cols, bf16 scale,
                                 bf16 shift) {
  __shared__ float partial[BLOCK];
  const bf16* row = in + static_cast<size_t>(blockIdx.x) * cols;
  float acc = 0.f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    bf16 v = __hfma(row[c], scale, shift);
    out[static_cast<size_t>(blockIdx.x) * cols + c] = v;
    acc += __bfloat162float(v);
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int i = 0; i < BLOCK; ++i) s += partial[i];
    row_sums[blockIdx.x] = s;
  }
}

static void scale_shift(const bf16* in, bf16* out, float* sums, int rows, int cols) {
  TILETUNE(space = (block = (64, 128)), blocks = rows, threads = $block,
           scale_shift_bf16<$block>(in, out, sums, cols, __float2bfloat16(0.5f),
                                    __float2bfloat16(1.0f)));
}

TEST(CorpusBf16, SlicesCompile) { tiletune::corpus::expect_slices_compile("bf16_scale.cu", 2); }

TEST(CorpusBf16, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int rows = 64, cols = 300;
  std::vector<bf16> in(rows * cols);
  std::vector<float> want(rows, 0.f);
  for (int i = 0; i < rows * cols; ++i) {
    in[i] = __float2bfloat16(static_cast<float>(i % 4));
    want[i / cols] += static_cast<float>(i % 4) * 0.5f + 1.f;  // exact in bf16
  }
  tiletune::testing::DeviceBuffer<bf16> din(in), dout(in.size());
  tiletune::testing::DeviceBuffer<float> dsums(rows);
  scale_shift(din.get(), dout.get(), dsums.get(), rows, cols);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dsums.read(), want, 1e-5f), 0);
}
