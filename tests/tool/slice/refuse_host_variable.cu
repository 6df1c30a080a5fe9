// A host variable read by the kernel is refused: NVRTC's kernel cannot see host memory. A
// constexpr variable and a const integer with a constant initialiser are carried.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

float g_scale = 2.0f;
constexpr float kOffset = 1.0f;
const int kRepeat = 2;

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = out[i] * g_scale * kRepeat + kOffset;
  // CHECK: refuse_host_variable.cu:[[@LINE-1]]:32: error: 'g_scale' is a host variable, which the tuned kernel (compiled by NVRTC) cannot read; make it constexpr or __constant__ (used in 'k')
  // CHECK-NOT: error:
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
