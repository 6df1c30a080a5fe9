// A call resolved per instantiation (pointer arithmetic on a dependent type, `==` on one) under
// `using namespace std;` with <string> included: its candidates include std::operator+ and
// std::operator==, which the call never picks (the built-in operators are). They raise no
// objection: without the device check (where objections are errors) the file is accepted, and
// with it NVRTC compiles every instantiation. A macro of <math_constants.h> (CUDART_INF_F), in the
// kernel and in an explicit specialisation of a __device__ function template, brings that header,
// which NVRTC compiles. nvcc compiles the rewritten file. (Found in bbuf/oneflow_softmax and
// bbuf/elementwise of the real-code corpus.)
// RUN: %tiletune %s -o %t.unchecked.cu -- -I%{tiletune_include}
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <math_constants.h>
#include <tiletune/tiletune.h>

#include <string>
using namespace std;

template <typename T, int N>
struct Pack {
  T elem[N];
};

template <typename T>
__device__ T Inf();
template <>
__device__ float Inf<float>() {
  return CUDART_INF_F;
}

template <typename T>
struct Store {
  T* dst;
  template <int N>
  __device__ void store(const T* src, long offset) {
    if (src == dst) return;
    *(reinterpret_cast<Pack<T, N>*>(dst) + offset) = *reinterpret_cast<const Pack<T, N>*>(src);
  }
};

template <typename S>
__global__ void k(S s, const float* src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s.template store<1>(src + i, i);
  if (i == 0) s.dst[0] = CUDART_INF_F + Inf<float>();
}

void run(float* x, const float* y, int n) {
  Store<float> s{x};
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(s, y, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK:      #include <math_constants.h>
// CHECK-NOT:  #include <string>
// CHECK:      )tiletune"
