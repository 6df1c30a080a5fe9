// Without the device check (nothing else stops code the first launch cannot compile), a
// standard-library name in device code that libcu++ has no counterpart of is an error at its use,
// naming the header; one libcu++ has (std::uint32_t, from <cuda/std/cstdint>) is carried.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <cstdint>
#include <vector>

// CHECK-NOT: error: 'std::uint32_t'
__global__ void k(std::uint32_t* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<std::uint32_t>(sizeof(std::vector<int>));
  // CHECK: refuse_std.cu:[[@LINE-1]]:57: error: 'std::vector' comes from <vector>, which NVRTC cannot compile into the tuned kernel, and libcu++ has no counterpart of it in cuda::std (used in 'k')
}

void run(std::uint32_t* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
