// A 1D five-point stencil through dynamic shared memory: each block stages its tile and a halo of
// two on each side in raw `extern __shared__` bytes (the usual trick for a template type), with the
// weights in a __constant__ array and the radius in a macro.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

#define RADIUS 2

__constant__ float kWeights[2 * RADIUS + 1] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};

template <typename T>
__global__ void stencil(const T* in, T* out, int n) {
  extern __shared__ unsigned char raw[];
  T* tile = reinterpret_cast<T*>(raw);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = threadIdx.x; j < blockDim.x + 2 * RADIUS; j += blockDim.x) {
    int g = blockIdx.x * blockDim.x + j - RADIUS;
    tile[j] = g >= 0 && g < n ? in[g] : T(0);
  }
  __syncthreads();
  if (i >= n) return;
  T sum = T(0);
  for (int k = 0; k <= 2 * RADIUS; ++k) sum += kWeights[k] * tile[threadIdx.x + k];
  out[i] = sum;
}

static void smooth(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = cld(n, $block), threads = $block,
           shmem = ($block + 2 * RADIUS) * sizeof(float), stencil<float>(in, out, n));
}

TEST(CorpusStencilShared, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("stencil_shared.cu", 3);
}

TEST(CorpusStencilShared, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100003;
  const float weights[2 * RADIUS + 1] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
  std::vector<float> in(n), want(n, 0.f);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 23) - 11.f;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k <= 2 * RADIUS; ++k) {
      int g = i + k - RADIUS;
      want[i] += weights[k] * (g >= 0 && g < n ? in[g] : 0.f);
    }
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  smooth(din.get(), dout.get(), n);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 1e-5f), 0);
}
