// tiletune's headers need C++11 (nvcc accepts -std=c++03 too): nvcc stops at tiletune.h's #error,
// which says what to do, with nothing after it from inside the headers.
// RUN: not %nvcc -std=c++03 -arch=sm_90 -I%{tiletune_include} -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NVCC

// NVCC: tiletune.h:{{[0-9]+}}:{{[0-9]+}}: error: #error "tiletune needs C++11 or later, and this file is compiled as C++03: compile it with -std=c++11 or later
// NVCC-NOT: include/tiletune/
#include <tiletune/tiletune.h>

__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.f;
}

void run(float* x, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b, scale(x, n));
}
