// tool: `'std::operator+' comes from <string>, which NVRTC cannot compile` for pointer arithmetic
// in a dependent expression under `using namespace std;` (the unresolved operator's candidate set
// is taken for uses); it is reported first whenever NVRTC rejects anything else (here
// CUDART_INF_F), hiding the real error. Found in: bbuf/oneflow_softmax (operator+),
// bbuf/elementwise (operator==, operator+, operator&).

#include <math_constants.h>
#include <tiletune/tiletune.h>
#include <string>
using namespace std;

template <typename T, int N>
struct Pack {
  T elem[N];
};

template <typename T>
struct Store {
  T* dst;
  template <int N>
  __device__ void store(const T* src, long offset) {
    *(reinterpret_cast<Pack<T, N>*>(dst) + offset) = *reinterpret_cast<const Pack<T, N>*>(src);
  }
};

template <typename S>
__global__ void k(S s, const float* src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s.template store<1>(src + i, i);
  if (i == 0) s.dst[0] = CUDART_INF_F;
}

void run(float* x, const float* y, int n) {
  Store<float> s{x};
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(s, y, n));
}
