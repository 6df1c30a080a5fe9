// Where the device check has nothing to compile (a space built at run time), NVRTC gives no
// verdict: the slicer's objections stand as errors, as they do without the check, since nothing
// else would stop code the first launch cannot compile.
// RUN: not %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

float host_scale(float v) { return 2 * v; }

__host__ __device__ float scaled(float v) {
  return host_scale(v);
}

template <int BLOCK>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] = scaled(x[i]);
}

void run(float* x, int n, tiletune::Space space) {
  TILETUNE(space = space, blocks = cld(n, $block), threads = $block, scale<$block>(x, n));
}

// CHECK: objections_unjudged.cu:21:3: note: the device check covered nothing for this site: its space is built at run time
// CHECK: objections_unjudged.cu:11:10: error: 'host_scale' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'scaled')
