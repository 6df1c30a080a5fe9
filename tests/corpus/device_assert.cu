// Per-segment maximum of sensor readings that skips missing values (NaN) and overflowed ones
// (+infinity, HUGE_VALF), starting from -INFINITY and writing NAN for a segment with no valid
// reading. The kernel asserts on its index (assert.h and <cassert> both included, as files that
// grew over time do), and its block reduction is a __device__ function earlier in the file that
// calls __syncthreads() first, before the kernel does.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <assert.h>
#include <cuda_runtime.h>
#include <math.h>

#include <cassert>
#include <cmath>
#include <cstddef>
#include <vector>

// Every thread gets the block's maximum; warp_max holds one value per warp. The first barrier lets
// a previous call's readers of warp_max finish before it is overwritten.
__device__ float block_max(float v, float* warp_max) {
  __syncthreads();
  for (int offset = 16; offset > 0; offset /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
  if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = v;
  __syncthreads();
  float m = -INFINITY;
  for (unsigned w = 0; w < blockDim.x / 32; ++w) m = fmaxf(m, warp_max[w]);
  return m;
}

__global__ void segment_max(const float* readings, float* out, int segment_length, int n) {
  __shared__ float warp_max[32];
  float m = -INFINITY;
  for (int c = threadIdx.x; c < segment_length; c += blockDim.x) {
    size_t i = static_cast<size_t>(blockIdx.x) * segment_length + c;
    assert(i < static_cast<size_t>(n));
    float v = readings[i];
    if (!isnan(v) && v < HUGE_VALF) m = fmaxf(m, v);
  }
  m = block_max(m, warp_max);
  if (threadIdx.x == 0) out[blockIdx.x] = m == -INFINITY ? NAN : m;
}

static void max_per_segment(const float* readings, float* out, int segments, int segment_length) {
  TILETUNE(space = (block = (64, 128, 256, 512)), key = (segment_length), blocks = segments,
           threads = $block, segment_max(readings, out, segment_length, segments * segment_length));
}

TEST(CorpusDeviceAssert, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("device_assert.cu", 4);
}

TEST(CorpusDeviceAssert, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int segments = 500, segment_length = 777;
  std::vector<float> readings(static_cast<size_t>(segments) * segment_length);
  for (size_t i = 0; i < readings.size(); ++i) {
    if (i % 11 == 0)
      readings[i] = NAN;
    else if (i % 17 == 0)
      readings[i] = INFINITY;
    else
      readings[i] = static_cast<float>((i * 7919) % 2003) - 1000.f;
  }
  for (int c = 0; c < segment_length; ++c) readings[c] = NAN;  // segment 0 has no valid reading
  std::vector<float> want(segments, -INFINITY);
  for (int s = 0; s < segments; ++s) {
    for (int c = 0; c < segment_length; ++c) {
      float v = readings[static_cast<size_t>(s) * segment_length + c];
      if (!std::isnan(v) && !std::isinf(v)) want[s] = std::fmax(want[s], v);
    }
  }
  tiletune::testing::DeviceBuffer<float> dreadings(readings), dout(segments);
  max_per_segment(dreadings.get(), dout.get(), segments, segment_length);
  std::vector<float> got = dout.read();
  EXPECT_TRUE(std::isnan(got[0]));
  got[0] = want[0] = 0.f;  // NaN compares unequal to itself
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 0.f), 0);
}
