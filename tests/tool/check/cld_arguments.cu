// cld(a, b) with another number of arguments is an error at its name, in the annotation's terms,
// wherever it is written (evaluable or run-time, in the geometry or the kernel's arguments).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void one_argument(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n), threads = $tile, vadd<$tile>(c, n));
  // CHECK-DAG: cld_arguments.cu:[[@LINE-1]]:49: error: cld takes two arguments, cld(a, b): a divided by b, rounded up; this one has 1
}

void three_arguments(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile, 2), threads = $tile, vadd<$tile>(c, cld(n, 2)));
  // CHECK-DAG: cld_arguments.cu:[[@LINE-1]]:49: error: cld takes two arguments, cld(a, b): a divided by b, rounded up; this one has 3
}

void none(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = 2, threads = cld( ), vadd<$tile>(c, n));
  // CHECK-DAG: cld_arguments.cu:[[@LINE-1]]:62: error: cld takes two arguments, cld(a, b): a divided by b, rounded up; this one has 0
}

void nested(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(cld(n, 2), ($tile)), threads = $tile, vadd<$tile>(c, cld(n, (2))));
}
