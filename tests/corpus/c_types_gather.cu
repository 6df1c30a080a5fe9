// A strided gather with 64-bit indexing, written with the C library's types as real code is:
// int64_t and uint32_t from <cstdint>, size_t and std::size_t, `uint` from <sys/types.h>, a user
// typedef of int64_t, and the index type a template argument at the site.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <sys/types.h>
#include <cstddef>
#include <cstdint>
#include <vector>

typedef int64_t row_index;

struct GatherShape {
  row_index rows;
  uint32_t width;
  std::size_t stride;
};

template <int BLOCK, typename Index>
__global__ void gather_rows(const float* in, const Index* rows, float* out, GatherShape shape,
                            uint scale) {
  const int64_t i = static_cast<int64_t>(blockIdx.x) * BLOCK + threadIdx.x;
  if (i >= shape.rows * shape.width) return;
  const row_index row = i / shape.width;
  const size_t column = static_cast<size_t>(i % shape.width);
  out[i] = in[static_cast<std::int64_t>(rows[row]) * shape.stride + column] * scale;
}

static void gather(const float* in, const uint32_t* rows, float* out, GatherShape shape) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = cld(shape.rows * shape.width, $block),
           threads = $block, gather_rows<$block, uint32_t>(in, rows, out, shape, 3u));
}

TEST(CorpusCTypes, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("c_types_gather.cu", 3);
}

TEST(CorpusCTypes, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int source_rows = 97, width = 33, stride = 40, rows = 211;
  std::vector<float> in(static_cast<std::size_t>(source_rows) * stride);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 101) * 0.5f;
  std::vector<uint32_t> picks(rows);
  for (int r = 0; r < rows; ++r) picks[r] = static_cast<uint32_t>((r * 37) % source_rows);
  tiletune::testing::DeviceBuffer<float> din(in), dout(static_cast<std::size_t>(rows) * width);
  tiletune::testing::DeviceBuffer<uint32_t> dpicks(picks);
  gather(din.get(), dpicks.get(), dout.get(), GatherShape{rows, width, stride});
  std::vector<float> want(static_cast<std::size_t>(rows) * width);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < width; ++c) want[r * width + c] = in[picks[r] * stride + c] * 3;
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 0.f), 0);
}
