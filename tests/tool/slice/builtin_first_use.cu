// A builtin whose first use is outside the kernel leaves nothing behind in the slice: Clang
// declares a builtin where it is first used, here in a __device__ function the kernel does not
// call (__syncthreads) and in host code (INFINITY's __builtin_inff).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <math.h>

__device__ void barrier_elsewhere() { __syncthreads(); }

float host_limit() { return INFINITY; }

template <int BLOCK>
__global__ void k(float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  __syncthreads();
  if (i < n) out[i] = fminf(out[i], INFINITY);
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #define INFINITY __int_as_float(0x7f800000U)
// CHECK-NEXT: #line 16 "{{.*}}builtin_first_use.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int BLOCK>
// CHECK-NOT:  {{^}}__syncthreads{{$}}
// CHECK-NOT:  barrier_elsewhere
// CHECK-NOT:  __builtin_inff
// CHECK:      )tiletune";
