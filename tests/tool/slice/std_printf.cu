// `std::printf` in a kernel (nccl-tests' inexact_regress reports from device code with it):
// <cstdio>'s `using ::printf;` in std, whose target the compiler declares for device code; NVRTC
// has printf built in and libcu++ has no cuda::std::printf, so the slice says the same
// using-declaration; std::sqrt, which <cmath> re-exports the same way, stays libcu++'s (its float
// overload). Before, the std::printf use was refused ("'std::printf' comes from <cstdio>, which NVRTC
// cannot compile into the tuned kernel"). NVRTC compiles each configuration (the device check is
// on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cmath>
#include <cstdio>

template <typename T>
__global__ void report(const T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) std::printf("n=%d\n", n);  // the arguments fix the call
  if (i < n && x[i] < T(0)) std::printf("x[%d]=%f\n", i, double(std::sqrt(-x[i])));
}

void run(const float* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, report<float>(x, n));
}
// CHECK-DAG: {{^}}namespace std { using ::printf; }
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::sqrt; }
