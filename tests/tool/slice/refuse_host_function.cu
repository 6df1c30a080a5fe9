// A host function called from the kernel cannot go into the device source: the error is at the
// call, names the function and the kernel, and a note points at its declaration. (Clang itself
// says nothing here: it checks a template's calls across host and device only when instantiated.)
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

float host_scale(float v) { return 2 * v; }
// CHECK-DAG: refuse_host_function.cu:[[@LINE-1]]:7: note: 'host_scale' declared here

template <typename T>
__global__ void k(T* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = host_scale(out[i]);
  // CHECK-DAG: refuse_host_function.cu:[[@LINE-1]]:23: error: 'host_scale' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'k')
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<float>(out, n));
}
