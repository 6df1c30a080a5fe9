// The 1,024-configuration tiled matmul that search_scale tunes and kernel_tuner_compare tunes side
// by side with Kernel Tuner: its kernel, its space and its launch, in one place so that both tune
// the same thing.
#pragma once

#include "retime.h"
#include "search_scale_spaces.h"

#include <memory>

namespace tiletune::bench {

// A tiled matmul whose shared-memory rows are padded by PAD floats; 16 x 16 threads, each
// computing (BM/16) x (BN/16) outputs.
inline const char* const kPaddedMatmul = R"(
template <int BM, int BN, int BK, int PAD>
__global__ void matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[BM][BK + PAD];
  __shared__ float Bs[BK][BN + PAD];
  constexpr int TM = BM / 16, TN = BN / 16;
  int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < n; k0 += BK) {
    for (int i = t; i < BM * BK; i += 256) As[i / BK][i % BK] = A[(row0 + i / BK) * n + k0 + i % BK];
    for (int i = t; i < BK * BN; i += 256) Bs[i / BN][i % BN] = B[(k0 + i / BN) * n + col0 + i % BN];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int a = 0; a < TM; ++a)
#pragma unroll
        for (int b = 0; b < TN; ++b) acc[a][b] += As[ty + a * 16][k] * Bs[k][tx + b * 16];
    __syncthreads();
  }
  for (int a = 0; a < TM; ++a)
    for (int b = 0; b < TN; ++b) C[(row0 + ty + a * 16) * n + col0 + tx + b * 16] = acc[a][b];
}
)";

// The site of `file` with the matmul over 4 x 4 x 4 x 4 x 4 = 1,024 configurations, at n = 1024,
// reading `in` and writing `out` (each at least 4 MiB).
inline std::unique_ptr<BenchCase> padded_matmul_case(const char* file, const DeviceMemory& in,
                                                     const DeviceMemory& out) {
  auto c = std::make_unique<BenchCase>();
  c->name = "matmul";
  c->info =
      bench_site(file, "matmul", kPaddedMatmul, "matmul<$bm, $bn, $bk, $pad>", matmul_space());
  c->n = 1024;
  c->geometry = [n = c->n](const Config& cfg) {
    return Geometry{Dim(n / static_cast<int>(cfg[1]), n / static_cast<int>(cfg[0])), Dim(16, 16), 0,
                    nullptr};
  };
  c->in = in.as<float>();
  c->out = out.as<float>();
  c->key = key(c->n);
  c->args = {&c->in, &c->in, &c->out, &c->n};
  return c;
}

}  // namespace tiletune::bench
