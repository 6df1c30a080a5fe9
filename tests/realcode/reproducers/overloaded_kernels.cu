// tool (check): a kernel name that several __global__ overloads share was refused ("'axpy' names
// 2 functions; tiletune needs exactly one kernel of that name", a note at each candidate), where
// nvcc resolves `axpy<<<g, b>>>(x, y, n)` by the arguments. Fixed 2026-11-29: the site launches the
// overload Clang resolved the call to, and the slice holds that one alone, so its name is NVRTC's
// name expression (tests/tool/check/overloaded_kernels.cu). Left: a template whose instantiations
// resolve the call to different overloads is refused, saying so (a site tunes one kernel;
// tests/tool/check/overloaded_kernels_per_instantiation.cu). Found by a probe of constructs
// common in real code.

#include <tiletune/tiletune.h>

__global__ void axpy(float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += 2 * x[i];
}
__global__ void axpy(double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += 2 * x[i];
}

void run(float* x, float* y, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (y, n * sizeof(float)), axpy(x, y, n));
}
