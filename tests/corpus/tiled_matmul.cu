// C = A * B with square shared-memory tiles (the CUDA programming guide's kernel, templated).
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

template <int TILE>
__global__ void matmul_tiled(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];  // padded against bank conflicts
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < K; t += TILE) {
    As[threadIdx.y][threadIdx.x] =
        (row < M && t + threadIdx.x < K) ? A[row * K + t + threadIdx.x] : 0.f;
    Bs[threadIdx.y][threadIdx.x] =
        (col < N && t + threadIdx.y < K) ? B[(t + threadIdx.y) * N + col] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

static void matmul(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t s) {
  TILETUNE(space = (tile = (8, 16, 32)), key = (M, N, K), blocks = (cld(N, $tile), cld(M, $tile)),
           threads = ($tile, $tile), stream = s, matmul_tiled<$tile>(A, B, C, M, N, K));
}

TEST(CorpusTiledMatmul, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("tiled_matmul.cu", 3);
}

TEST(CorpusTiledMatmul, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int M = 130, N = 70, K = 99;
  std::vector<float> a(M * K), b(K * N), want(M * N, 0.f);
  for (int i = 0; i < M * K; ++i) a[i] = static_cast<float>(i % 9) - 4.f;
  for (int i = 0; i < K * N; ++i) b[i] = static_cast<float>(i % 5) * 0.5f;
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j) want[i * N + j] += a[i * K + k] * b[k * N + j];
  tiletune::testing::DeviceBuffer<float> da(a), db(b), dc(M * N);
  matmul(da.get(), db.get(), dc.get(), M, N, K, nullptr);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dc.read(), want, 1e-5f), 0);
}
