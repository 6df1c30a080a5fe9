// Constant(...) bakes a value into the compiled variant: its parameter must be of integral or enum
// type. The note is at the parameter.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* c, float factor, int n) {}
// CHECK-DAG: constant_not_integral.cu:[[@LINE-1]]:39: note: parameter declared here

void run(float* c, float factor, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, scale<$tile>(c, Constant(factor), n));
  // CHECK-DAG: constant_not_integral.cu:[[@LINE-1]]:97: error: Constant(...) needs a parameter of integral or enum type; parameter 'factor' is 'float'
}
