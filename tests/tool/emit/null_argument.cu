// NULL (and 0) passed for a kernel's pointer parameter compiles in the generated code: it is
// passed as nullptr, since the runtime takes each argument with its own type (GCC's NULL is a
// long) before converting it to the parameter's. Other arguments are passed as written.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cstddef>

__global__ void add_bias(float* out, const float* bias, const float* scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = (out[i] + (bias ? bias[i] : 0.0f)) * (scale ? scale[i] : 1.0f);
}

void run(float* out, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           add_bias(out, NULL, 0, n));
}
// CHECK: ::tiletune::launch<void (*)(float *, const float *, const float *, int)>(
// CHECK: out, nullptr, nullptr, n)
