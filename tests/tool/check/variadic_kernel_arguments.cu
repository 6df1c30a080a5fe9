// A kernel with a function parameter pack takes its arguments from the call only as one pack
// expansion written there, in a variadic template (bbuf/elementwise's ApplyGeneric<..., IN...>);
// a call that spells the pack out as several arguments is an error that says so, not a count of
// the pattern's parameters.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <typename... Ts>
__global__ void bump(int n, Ts*... ps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) ((ps[i] += 1), ...);
}
// CHECK-DAG: variadic_kernel_arguments.cu:[[@LINE-4]]:36: note: parameter pack declared here

void run(int n, int* a, float* b) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, bump(n, a, b));
  // CHECK-DAG: variadic_kernel_arguments.cu:[[@LINE-1]]:73: error: 'bump' takes the function parameter pack 'ps', which tiletune passes only as one pack expansion written in the call (`args...` inside a variadic template), not as 3 arguments for the kernel's 2 parameters; launch a kernel of fixed parameters here
}
