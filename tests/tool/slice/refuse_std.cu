// Something from a standard-library header in device code is refused at its use, naming the
// header; where libcu++ has a counterpart, the message says which.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <cstdint>
#include <vector>

__global__ void k(std::uint32_t* out, int n) {
  // CHECK-DAG: refuse_std.cu:[[@LINE-1]]:19: error: 'std::uint32_t' comes from <cstdint>, which NVRTC cannot compile into the tuned kernel; use its cuda::std counterpart from <cuda/std/cstdint>
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<std::uint32_t>(sizeof(std::vector<int>));
  // CHECK-DAG: refuse_std.cu:[[@LINE-1]]:57: error: 'std::vector' comes from <vector>, which NVRTC cannot compile into the tuned kernel, and it has no cuda::std counterpart here
}

void run(std::uint32_t* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
