// tool: the same, for a header library on the -I path written for both nvcc and NVRTC (`#if
// defined(__CUDACC_RTC__)` picking cuda::std or std): the slice cuts the library apart instead of
// including it. Compile with -Ilib. Found in: cutlass (cute, cutlass headers).

#include <tiletune/tiletune.h>
#include <mylib.hpp>

__global__ void k(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = mylib::twice(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(x, n));
}
