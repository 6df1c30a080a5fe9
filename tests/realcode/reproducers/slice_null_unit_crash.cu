// tool crashes (SIGSEGV, slice): a local variable declared in a device conditional (#if
// __CUDA_ARCH__) puts unit_of() = null into the slice's units (slicer.cpp:144); any user-file
// `using namespace` at namespace scope then dereferences it (slice_uses, slicer.cpp:202). nvcc
// compiles the plain launch. Found in: cutlass/sgemm_1, sgemm_2, sgemm_sm80, tiled_copy.

#include <tiletune/tiletune.h>

namespace util {
__device__ int twice(int v) { return 2 * v; }
}  // namespace util
using namespace util;

__global__ void k(int* x, int n) {
#if defined(__CUDA_ARCH__)
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#else
  int i = 0;
#endif
  if (i < n) x[i] = twice(i);
}

void run(int* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(x, n));
}
