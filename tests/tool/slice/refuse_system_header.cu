// A declaration from a system header that is not one of the toolkit headers NVRTC compiles is
// refused, naming the header as the user's #include wrote it.
// RUN: not %tiletune %s -o %t.cu -- -isystem %S/Inputs 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <system_helper.h>

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = from_a_system_header(out[i]);
  // CHECK: refuse_system_header.cu:[[@LINE-1]]:23: error: 'from_a_system_header' is declared in <system_helper.h>, which NVRTC cannot compile into the tuned kernel (used in 'k')
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
