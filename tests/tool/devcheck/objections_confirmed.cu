// Where NVRTC does reject the site's code, the slicer's objections come first, at the uses, saying
// what to do, then NVRTC's own errors and the note naming the instantiations. The tool exits 1 and
// writes nothing. (The host function's call depends on a template parameter, so Clang leaves it to
// the instantiation, which the host parse never sees.)
// RUN: rm -rf %t.cu
// RUN: not %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

#include <vector>

float host_scale(float v) { return 2 * v; }

template <int BLOCK, typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] = host_scale(x[i]) + sizeof(std::vector<int>);
}

void run(float* x, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           scale<$block, float>(x, n));
}

// CHECK: objections_confirmed.cu:19:21: error: 'host_scale' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'scale')
// CHECK: objections_confirmed.cu:14:7: note: 'host_scale' declared here
// CHECK: objections_confirmed.cu:19:{{[0-9]+}}: error: 'std::vector' comes from <vector>, which NVRTC cannot compile into the tuned kernel, and libcu++ has no counterpart of it in cuda::std (used in 'scale')
// CHECK: objections_confirmed.cu:19:{{[0-9]+}}: error: NVRTC: identifier "host_scale" is undefined
// CHECK: objections_confirmed.cu:23:3: note: in the device code of this TILETUNE site, compiled with NVRTC as the first launch would
