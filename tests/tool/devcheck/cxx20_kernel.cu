// A C++20 file's kernels are C++20 to NVRTC too, as to nvcc: a kernel with a requires-clause and a
// consteval helper (which NVRTC's C++17 refuses) passes the device check, and the site tells the
// runtime to compile it so.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -std=c++20 -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++20 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

consteval int twice(int v) { return 2 * v; }

template <int B>
  requires(B % 32 == 0)
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] *= twice(B);
}

void run(float* x, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b, scale<$b>(x, n));
}
// CHECK: info.options = {"-std=c++20"};
