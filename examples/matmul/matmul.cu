// matmul: a shared-memory tiled matrix product in fp32 and fp16, tuned over tile size, occupancy
// and thread-block cluster size, with a `where` constraint that keeps blocks within 1024 threads.
#include "../common/example_support.h"

#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>

__device__ __forceinline__ float as_float(float v) { return v; }
__device__ __forceinline__ float as_float(__half v) { return __half2float(v); }

// C (M x N, float) = A (M x K) * B (K x N), row-major; one TILE x TILE block per output tile.
template <class T, int TILE>
__global__ void matmul_tiled(const T* A, const T* B, float* C, int M, int N, int K) {
  __shared__ float a_tile[TILE][TILE + 1];  // +1: no bank conflicts on the column reads
  __shared__ float b_tile[TILE][TILE + 1];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    const int ak = k0 + threadIdx.x, bk = k0 + threadIdx.y;
    a_tile[threadIdx.y][threadIdx.x] = row < M && ak < K ? as_float(A[static_cast<long long>(row) * K + ak]) : 0.0f;
    b_tile[threadIdx.y][threadIdx.x] = bk < K && col < N ? as_float(B[static_cast<long long>(bk) * N + col]) : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += a_tile[threadIdx.y][k] * b_tile[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[static_cast<long long>(row) * N + col] = acc;
}

void matmul(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t s) {
  TILETUNE(space = (tile = (8, 16, 32), occupancy = (1, 2), num_ctas = (1, 2, 4)),
           where = $tile * $tile <= 1024 && ($num_ctas == 1 || $tile >= 16),
           key = (M, N, K),
           blocks = (cld(N, $tile), cld(M, $tile)),
           threads = ($tile, $tile),
           stream = s,
           matmul_tiled<float, $tile>(A, B, C, M, N, K));
}

void matmul(const __half* A, const __half* B, float* C, int M, int N, int K, cudaStream_t s) {
  TILETUNE(space = (tile = (8, 16, 32), occupancy = (1, 2), num_ctas = (1, 2, 4)),
           where = $tile * $tile <= 1024 && ($num_ctas == 1 || $tile >= 16),
           key = (M, N, K),
           blocks = (cld(N, $tile), cld(M, $tile)),
           threads = ($tile, $tile),
           stream = s,
           matmul_tiled<__half, $tile>(A, B, C, M, N, K));
}

// Largest relative error of C against a float64 product, over a sample of rows.
template <class T>
double check(const std::vector<T>& a, const std::vector<T>& b, const std::vector<float>& c, int M,
             int N, int K) {
  auto value = [](T v) { return static_cast<double>(static_cast<float>(v)); };
  double worst = 0;
  for (int i = 0; i < M; i += 61)
    for (int j = 0; j < N; ++j) {
      double want = 0, scale = 0;
      for (int k = 0; k < K; ++k) {
        want += value(a[static_cast<std::size_t>(i) * K + k]) * value(b[static_cast<std::size_t>(k) * N + j]);
        scale += std::fabs(value(a[static_cast<std::size_t>(i) * K + k]) * value(b[static_cast<std::size_t>(k) * N + j]));
      }
      double got = c[static_cast<std::size_t>(i) * N + j];
      worst = std::max(worst, std::isnan(got) ? 1e9 : std::fabs(got - want) / (scale + 1e-30));
    }
  return worst;
}

template <class T>
double run(int M, int N, int K) {
  std::vector<T> a(static_cast<std::size_t>(M) * K), b(static_cast<std::size_t>(K) * N);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<T>(std::sin(0.1f * static_cast<float>(i % 1013)));
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<T>(std::cos(0.07f * static_cast<float>(i % 997)));
  T* da = example::to_device(a);
  T* db = example::to_device(b);
  float* dc = nullptr;
  EXAMPLE_CHECK(cudaMalloc(&dc, static_cast<std::size_t>(M) * N * sizeof(float)));
  EXAMPLE_CHECK(cudaMemset(dc, 0xff, static_cast<std::size_t>(M) * N * sizeof(float)));
  matmul(da, db, dc, M, N, K, nullptr);
  std::vector<float> c = example::to_host(dc, static_cast<std::size_t>(M) * N);
  EXAMPLE_CHECK(cudaFree(da));
  EXAMPLE_CHECK(cudaFree(db));
  EXAMPLE_CHECK(cudaFree(dc));
  return check(a, b, c, M, N, K);
}

int main() {
  if (!example::have_gpu("matmul")) return 0;
  const int M = 2048, N = 2048, K = 2048;
  double fp32 = run<float>(M, N, K);
  double fp16 = run<__half>(M, N, K);
  char what[128];
  std::snprintf(what, sizeof what, "relative error %.1e (fp32), %.1e (fp16 inputs) against float64",
                fp32, fp16);
  return example::finish("matmul", fp32 < 1e-5 && fp16 < 1e-5, what);
}
