// tool (documented limitation): `this instantiation of the site names a lambda's closure type,
// which NVRTC ... cannot name`. Compile with --extended-lambda. nvcc builds it; NVRTC cannot name
// an extended __device__ lambda. Found in: babelstream/cuda (for_each over lambdas).

#include <tiletune/tiletune.h>

#include <cstddef>

template <typename F>
__global__ void for_each_kernel(size_t n, F f) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) f(i);
}

template <typename F>
void for_each(size_t n, F f, cudaStream_t s) {
  TILETUNE(space = (tb = (128, 256)), blocks = cld(n, $tb), threads = $tb, stream = s,
           for_each_kernel(n, f));
}

void copy(const float* a, float* c, size_t n, cudaStream_t s) {
  for_each(
      n, [=] __device__(size_t i) { c[i] = a[i]; }, s);
}
