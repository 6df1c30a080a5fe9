// FIXED (lit slice/std_math_without_libcu.cu). `std::fma` in a kernel template: nvcc compiles it;
// libcu++ 13.0's <cuda/std/cmath> has no fma, and the slice's `using cuda::std::fma;` made the
// device check refuse every configuration ("NVRTC: namespace "cuda::std" has no member "fma"").
// The slice now says `namespace std { using ::fma; }` (NVRTC declares ::fma and its float
// overload). Found in: mfa/attention (ggluo/Minimal_Flash_Attention src/kernel/kernel_2.cuh).
// Reproduce: tiletune std_fma_without_libcu.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <cmath>

template <int Bc>
__global__ void qk(const float* q, const float* k, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = 0; j < Bc && i < n; ++j) acc = std::fma(q[i], k[j], acc);
  if (i < n) out[i] = acc;
}

int main() {
  float *q = nullptr, *k = nullptr, *out = nullptr;
  int n = 1024;
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, qk<32>(q, k, out, n));
  return 0;
}
