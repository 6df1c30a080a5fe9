// Constant(...) turns the kernel into a device function by rewriting its `__global__`; one spelled
// through a user macro cannot be rewritten, and is refused there.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#define KERNEL __global__

KERNEL void k(float* out, int n, int repeat) {
  // CHECK: refuse_constant_global_macro.cu:[[@LINE-1]]:1: error: Constant(...) needs the kernel's '__global__' written as such, not through a macro
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < repeat; ++r)
    if (i < n) out[i] *= 2;
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n, Constant(3)));
}
