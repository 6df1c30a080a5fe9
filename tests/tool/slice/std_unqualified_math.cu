// Under the user's `using namespace std;`, an unqualified exp(float) next to std::sqrt: the slice
// brings cuda::std's sqrt into std alone (through a namespace std nominates), so the unqualified
// call finds NVRTC's ::exp and nothing else (with the whole of cuda::std in std it found
// cuda::std::exp too: ambiguous). NVRTC compiles every instantiation (the device check is on), nvcc
// the rewritten file. (Found in bbuf/oneflow_softmax of the real-code corpus.)
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <algorithm>
#include <cmath>
using namespace std;

template <int B>
__global__ void k(float* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = std::sqrt(exp(x[i])) + log(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b, k<$b>(x, n));
}

// CHECK:      #include <cuda/std/cmath>
// CHECK-NEXT: namespace tiletune_cuda_std { using cuda::std::sqrt; }
// CHECK-NEXT: namespace std { using namespace tiletune_cuda_std; }
// CHECK-NOT:  using cuda::std::exp;
// CHECK:      using namespace std;
