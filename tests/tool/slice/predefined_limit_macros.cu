// The host compiler's predefined limits in a kernel (Minimal Flash Attention's
// `float curr_max = -__FLT_MAX__;`): GCC and Clang predefine __FLT_MAX__, nvcc's device
// compilation sees it, NVRTC 13.0 does not define it ("identifier __FLT_MAX__ is undefined", every
// configuration refused). The slice defines each one the kernel expands, guarded, with the parse's
// value; macros that say which host compiler ran (__clang__, __GNUC__) it leaves out. NVRTC
// compiles each configuration (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

__global__ void row_max(const float* x, float* out, int n, long long* sizes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = -__FLT_MAX__;
  if (i < n) m = fmaxf(m, x[i]) + __DBL_EPSILON__;
  if (i < n) out[i] = m;
#if defined(__GNUC__)
  if (i == 0) sizes[0] = __SIZEOF_POINTER__ + __INT_MAX__ + __CHAR_BIT__;
#endif
}

void run(const float* x, float* out, int n, long long* sizes) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, row_max(x, out, n, sizes));
}
// CHECK: {{^}}#ifndef __FLT_MAX__
// CHECK-NEXT: {{^}}#define __FLT_MAX__ 3.40282347e+38F
// CHECK-NEXT: {{^}}#endif
// CHECK: {{^}}#define __DBL_EPSILON__ 2.2204460492503131e-16
// CHECK-NOT: {{^}}#define __GNUC__
// CHECK: {{^}}#define __SIZEOF_POINTER__ 8
// CHECK: {{^}}#define __INT_MAX__ 2147483647
// CHECK: {{^}}#define __CHAR_BIT__ 8
