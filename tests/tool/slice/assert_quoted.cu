// As c_library_macros.cu, with assert.h included with quotes: glibc's assert is still left to
// NVRTC, not copied (its __extension__ would not compile).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include "assert.h"
#include <float.h>
#include <math.h>

__device__ bool in_range(float v) { return v < FLT_MAX; }

template <int BLOCK>
__global__ void k(float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  assert(n > 0 && in_range(out[0]));
  if (i < n) out[i] = out[i] < HUGE_VALF ? fmaxf(out[i], -INFINITY) : NAN;
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #define FLT_MAX 3.40282347e+38F
// CHECK-NEXT: #line 13 "{{.*}}assert_quoted.cu"
// CHECK-NEXT: __device__ bool in_range(float v) { return v < FLT_MAX; }
// CHECK-NOT:  #define assert
// CHECK-NOT:  __ASSERT_FUNCTION
// CHECK-DAG:  #define HUGE_VALF __int_as_float(0x7f800000U)
// CHECK-DAG:  #define INFINITY __int_as_float(0x7f800000U)
// CHECK-DAG:  #define NAN __int_as_float(0x7fffffffU)
// CHECK:      #line 15 "{{.*}}assert_quoted.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int BLOCK>
// CHECK-NOT:  __builtin
// CHECK-NOT:  __assert_fail
// CHECK:      )tiletune";
