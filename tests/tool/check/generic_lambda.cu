// An annotation inside a generic lambda: its instantiations differ by the lambda's invented
// template parameters, which generated code cannot name, so it cannot give each its own site.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {}

void run(float* x, double* d, int n) {
  auto go = [&](auto* data) {
    TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b>(data, n));
    // CHECK: generic_lambda.cu:[[@LINE-1]]:5: error: TILETUNE(...) in a template whose instantiations generated code cannot tell apart: a generic lambda's parameters have no names that generated code could use; move the annotation out of the generic lambda
  };
  go(x);
  go(d);
}
