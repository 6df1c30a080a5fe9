// tool (check), not fixed: a kernel with a function parameter pack launched with the pack spelled
// out (`bump(n, a, b)` for `template <typename... Ts> __global__ void bump(int n, Ts*... ps)`) is
// refused; nvcc takes it. The checks and the launch index the pattern's parameters (2 here), so
// only a call that passes the pack as one written expansion (`ps...` in a variadic template, as
// bbuf/elementwise does) is accepted. Until 2026-11-29 the message was a wrong count ("'bump'
// takes 2 arguments, but 3 are given"); now it says what is supported
// (tests/tool/check/variadic_kernel_arguments.cu). Found by a probe of constructs common in real
// code.

#include <tiletune/tiletune.h>

template <typename... Ts>
__global__ void bump(int n, Ts*... ps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) ((ps[i] += 1), ...);
}

void run(int n, int* a, float* b) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, bump(n, a, b));
}
