// A host launcher named like its non-template kernel (`void gelu(...)` beside `__global__ void
// gelu(...)`): the launch names the kernel's exact pointer type rather than decltype(&gelu),
// which would be ambiguous, and the output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

__global__ void gelu(float* out, const float* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 0.5f * in[i] * (1.0f + tanhf(0.7978845608f * in[i]));
}

void gelu(float* out, const float* in, int n, cudaStream_t stream) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           stream = stream, gelu(out, in, n));
}
// CHECK: ::tiletune::launch<void (*)(float *, const float *, int)>(
// CHECK-NOT: launch<{{decltype}}
