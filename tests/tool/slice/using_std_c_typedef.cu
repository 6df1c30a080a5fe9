// `using std::uint64_t;` at namespace scope, the name then used in device code (nccl-tests'
// inexact_regress): std::uint64_t is <cstdint>'s `using ::uint64_t;`, and Clang's shadow of the
// user's using-declaration points past it to the C typedef, so the slice included libcu++'s
// <cuda/std/cstdint> but never said what std::uint64_t is, and NVRTC refused the copied
// declaration ("namespace \"std\" has no member \"uint64_t\""). The std declaration is now the
// use, and libcu++'s counterpart stands for it. NVRTC compiles each configuration (the device
// check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cstdint>

using std::uint64_t;
using std::uint32_t;

__device__ uint64_t mix(uint64_t x) { return (x << 7) ^ (x >> 3) ^ 0x9e3779b97f4a7c15ull; }

__global__ void hash(uint32_t* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<uint32_t>(mix(static_cast<uint64_t>(i)));
}

void run(uint32_t* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, hash(out, n));
}
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::uint64_t; }
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::uint32_t; }
