// tool: the same NVRTC refusal for undefined static member functions used only in sizeof() (a
// detection idiom); nvcc accepts. Found in: bbuf/elementwise (HasApply2).

#include <tiletune/tiletune.h>

template <typename T>
struct HasApply2 {
  template <typename C>
  static char test(decltype(&C::Apply2));
  template <typename C>
  static long test(...);
  enum { value = sizeof(test<T>(0)) == 1 };
};

struct Twice {
  __device__ void Apply2(float* v) const {
    v[0] *= 2;
    v[1] *= 2;
  }
};

template <typename F>
__global__ void k(F f, float* x, int n) {
  int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (HasApply2<F>::value && i + 1 < n) f.Apply2(x + i);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n / 2, $t), threads = $t, k(Twice(), x, n));
}
