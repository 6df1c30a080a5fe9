// A launch through a variable that points to a kernel (the kernel chosen at run time, as PRK's
// stencil picks star1..star5) is refused at the callee, saying it is a variable and what to write
// instead, with a note at the variable; a parameter holding the pointer the same way.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

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
  auto kernel = one ? add_one : add_two;
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(float)), kernel(x, n));
  // CHECK: kernel_pointer_launch.cu:[[@LINE-1]]:46: error: 'kernel' is a variable that points to a kernel; a tuned launch names its kernel (each kernel is compiled and tuned apart by NVRTC): write one TILETUNE annotation per kernel it may point to (an if or a switch over them)
  // CHECK: kernel_pointer_launch.cu:[[@LINE-4]]:8: note: 'kernel' declared here
}

void run_given(float* x, int n, void (*chosen)(float*, int)) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, chosen(x, n));
  // CHECK: kernel_pointer_launch.cu:[[@LINE-1]]:73: error: 'chosen' is a variable that points to a kernel
  // CHECK: kernel_pointer_launch.cu:[[@LINE-3]]:40: note: 'chosen' declared here
}
