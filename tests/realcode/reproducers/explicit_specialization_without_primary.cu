// tool: `NVRTC: Mul is not a template`: the slice carries the explicit specialisation Mul<half> (a
// unit of its own) without its primary template. Found in: bbuf/elementwise
// (MultiplyFunctor<half>).

#include <cuda_fp16.h>
#include <tiletune/tiletune.h>

template <typename T>
struct Mul {
  __device__ T operator()(T x, T y) const { return x * y; }
};

template <>
struct Mul<half> {
  __device__ half operator()(half x, half y) const { return x * y; }
};

template <typename F, typename T>
__global__ void k(F f, T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = f(x[i], x[i]);
}

void run(half* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(Mul<half>(), x, n));
}
