// tool: `NVRTC: identifier "CUDART_INF_F" is undefined`: the slice does not carry
// <math_constants.h> for a macro used in an explicit specialisation of a __device__ function
// template (NVRTC compiles math_constants.h). Found in: bbuf/oneflow_softmax.

#include <math_constants.h>
#include <tiletune/tiletune.h>

template <typename T>
__device__ T Inf();
template <>
__device__ float Inf<float>() {
  return CUDART_INF_F;
}

__global__ void k(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = Inf<float>();
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(x, n));
}
