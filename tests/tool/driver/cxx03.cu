// tiletune's headers need C++11 (nvcc accepts -std=c++03 too): tiletune.h's #error says so, with
// nothing after it from inside the headers, to nvcc and to the tool, which says it again at the
// first annotation and stops.
// RUN: not %tiletune %s -o %t.cu -- -std=c++03 2>&1 | FileCheck %s
// RUN: not %nvcc -std=c++03 -arch=sm_90 -I%{tiletune_include} -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NVCC

// NVCC: tiletune.h:{{[0-9]+}}:{{[0-9]+}}: error: #error "tiletune needs C++11 or later, and this file is compiled as C++03: compile it with -std=c++11 or later
// NVCC-NOT: include/tiletune/
#include <tiletune/tiletune.h>

__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.f;
}

void run(float* x, int n) {
  // CHECK-NOT: warning
  // CHECK: tiletune.h:{{[0-9]+}}:2: error: "tiletune needs C++11 or later, and this file is compiled as C++03: compile it with -std=c++11 or later
  // CHECK-NOT: include/tiletune/
  // CHECK: cxx03.cu:[[#@LINE+2]]:3: error: tiletune needs C++11 or later, and this file is compiled as C++03: compile it with -std=c++11 or later (nvcc -std=c++17; CMake: CUDA_STANDARD 17)
  // CHECK-NOT: error:
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b, scale(x, n));
}
