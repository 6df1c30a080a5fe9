// tool: `NVRTC: remove_reference_t is not a template`: a namespace-scope using-declaration (`using
// std::remove_reference_t;`) in a user namespace is not carried into the slice. Found in: cutlass
// (cute/util/type_traits.hpp, seen with the crash above bypassed).

#include <tiletune/tiletune.h>
#include <type_traits>

namespace mylib {
using std::remove_reference_t;
template <class T>
__device__ remove_reference_t<T> twice(T&& v) {
  return v * 2;
}
}  // namespace mylib

__global__ void k(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = mylib::twice(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(x, n));
}
