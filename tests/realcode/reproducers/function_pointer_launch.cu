// tool: a launch through a function-pointer variable is refused (a site names its kernel). Until
// 2026-11-29 the message said `no function named 'kernel'`; now it says 'kernel' is a variable that
// points to a kernel and to annotate each kernel it may point to (tests/tool/check/
// kernel_pointer_launch.cu). Found in: prk/stencil.

#include <tiletune/tiletune.h>

__global__ void add_one(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}
__global__ void add_two(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 2;
}

void run(float* x, int n, bool one) {
  void (*kernel)(float*, int) = one ? add_one : add_two;
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(float)), kernel(x, n));
}
