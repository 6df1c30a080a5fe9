// A name in `key` that nothing declares where the annotation is written is the site's error at its
// column, said by Clang as for any expression there, and nothing is written; nvcc never sees the
// generated call. Known names (a variable, a member, a call), in a plain function and in a
// template, pass; a key that is a lambda before C++20 is not probed (an unevaluated operand may not
// hold one) and passes to nvcc as written.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu
// RUN: %tiletune %s -o %t.good.cu -- -DGOOD
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -DGOOD -c %t.good.cu -o %t.good.o

#include <tiletune/tiletune.h>

__global__ void k(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}

struct Shape {
  int rows;
  int cols() const { return 4; }
};

void run(float* x, int n, Shape shape) {
#ifdef GOOD
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           key = (n, shape.rows, shape.cols()), k(x, n));
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           key = ([&] { return n * 2; }()), k(x, n));
#else
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, key = (n, rows),
           k(x, n));
  // CHECK: key_unknown_name.cu:[[@LINE-2]]:83: error: use of undeclared identifier 'rows'
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           key = (shape.colums), k(x, n));
  // CHECK: key_unknown_name.cu:[[@LINE-1]]:25: error: no member named 'colums' in 'Shape'
#endif
}

template <class T>
void run_typed(T* x, int n) {
#ifdef GOOD
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, key = (n, sizeof(T)),
           k(x, n));
#else
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, key = (n, width),
           k(x, n));
  // CHECK: key_unknown_name.cu:[[@LINE-2]]:83: error: use of undeclared identifier 'width'
#endif
}
// CHECK-NOT: error:
template void run_typed<float>(float*, int);
