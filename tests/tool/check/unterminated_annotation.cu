// An annotation whose parentheses never close (found by the tool-stages fuzzer): Clang reports the
// unterminated macro call at TILETUNE's name. That is an error in the annotation, not code left
// to nvcc: the tool fails and writes nothing, rather than exit 0 with the annotation dropped.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu

#include <tiletune/tiletune.h>

__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.f;
}

void run(float* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale(x, n);
  // CHECK: unterminated_annotation.cu:[[@LINE-1]]:3: error: unterminated function-like macro invocation
}
