// tool: `no function named 'kernel' in this translation unit`: a launch through a function-pointer
// variable is refused (expected: a site names its kernel), but the message is wrong: 'kernel' is a
// variable, and the message should say to annotate the kernel it points to. Found in: prk/stencil.

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
