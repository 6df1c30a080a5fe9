// Clang resolves each annotation's kernel call as it would a launch written there. Where the
// tool's own checks find nothing, Clang's errors about the call stand, at the annotation: an
// undeclared name, no matching function (in a template, for the one instantiation that has it,
// with Clang's note where that instantiation is requested; the others are rewritten). Where the
// tool's checks find something, theirs is the one message: `scale` with one argument too few gives
// the tool's argument count, not Clang's "no matching function" besides.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {}

void undeclared(float* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b>(x, count));
  // CHECK-DAG: call_errors.cu:[[@LINE-1]]:85: error: use of undeclared identifier 'count'
}

template <class T, class N>
void launch(T* x, N n) {
  TILETUNE(space = (b = (64, 128)), blocks = 1, threads = $b, scale<$b>(x, n));
  // CHECK-DAG: call_errors.cu:[[@LINE-1]]:63: error: no matching function for call to 'scale'
}

void wrong_count(float* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b>(x));
  // CHECK-DAG: call_errors.cu:[[@LINE-1]]:72: error: 'scale' takes 2 arguments, but 1 is given
  launch(x, n);
  launch(x, &n);
  // CHECK-DAG: call_errors.cu:[[@LINE-1]]:3: note: in instantiation of function template specialization 'launch<float, int *>' requested here
}
// CHECK-NOT: call_errors.cu:[[#@LINE-6]]:{{.*}}no matching function
// CHECK-NOT: in instantiation of function template specialization 'launch<float, int>'
