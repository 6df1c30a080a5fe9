// tool exits 0 but the rewritten file fails nvcc: `incomplete type tiletune_site_..._for<float>` --
// no per-instantiation specialisation is emitted when the host function template holding the
// annotation was first declared in an included header (decl.h). The same with the declaration in
// this file works. Found in: fastertransformer/activation (activation_kernels.h declares
// invokeGenericActivation).

#include <tiletune/tiletune.h>
#include "decl.h"  // declares launch<T>; the definition below holds the annotation

template <typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * 2;
}

template <typename T>
void launch(T* x, int n, cudaStream_t s) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, stream = s,
           restore = (x, n * sizeof(T)), scale<T>(x, n));
}

template void launch<float>(float*, int, cudaStream_t);
