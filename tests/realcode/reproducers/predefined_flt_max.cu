// FIXED (lit slice/predefined_limit_macros.cu). The host compiler's predefined `__FLT_MAX__` in a
// kernel: nvcc compiles it (GCC predefines it, and nvcc's device pass sees it); NVRTC 13.0 does
// not define it, and the tool's device check refused every configuration ("NVRTC: identifier
// "__FLT_MAX__" is undefined"). The slice now defines the numeric limits and sizes the kernel
// expands (#ifndef-guarded, the parse's value). Found in: mfa/attention (ggluo/Minimal_Flash_Attention
// src/kernel/kernel_1.cuh, kernel_2.cuh: `float curr_max = -__FLT_MAX__;`).
// Reproduce: tiletune predefined_flt_max.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

__global__ void running_max(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float curr_max = -__FLT_MAX__;
  if (i < n) out[i] = fmaxf(curr_max, x[i]);
}

int main() {
  float *x = nullptr, *out = nullptr;
  int n = 1024;
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, running_max(x, out, n));
  return 0;
}
