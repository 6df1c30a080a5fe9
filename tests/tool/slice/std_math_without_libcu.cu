// `std::fma` in a kernel template (Minimal Flash Attention's `qk_dot = std::fma(Qds[...],
// Kds[...], qk_dot)`): nvcc compiles it; libcu++ 13.0's <cuda/std/cmath> has no fma, and the
// slice's `using cuda::std::fma;` made NVRTC refuse every configuration ("namespace cuda::std has
// no member fma"). NVRTC declares ::fma, with its float overload, at global scope: the slice says
// `namespace std { using ::fma; }`. std::sqrt, which libcu++ has, stays cuda::std's. NVRTC
// compiles each configuration (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: FileCheck %s --check-prefix=NOFMA --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cmath>

template <int B>
__global__ void dot(const float* q, const double* k, float* out, double* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = std::sqrt(std::fma(q[i], q[i], float(B)));
  if (i < n) wide[i] = std::fma(k[i], k[i], 1.0);
}

void run(const float* q, const double* k, float* out, double* wide, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, dot<8>(q, k, out, wide, n));
}
// CHECK-DAG: {{^}}namespace std { using ::fma; }
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::sqrt; }
// NOFMA-NOT: {{^}}namespace tiletune_cuda_std { using cuda::std::fma; }
