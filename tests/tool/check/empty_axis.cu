// An axis with no values, and a space with no axes, are errors.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void empty_axis(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), unroll = ()), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: empty_axis.cu:[[@LINE-1]]:39: error: axis 'unroll' has no values
}

void no_axes(float* c, int n) {
  TILETUNE(space = (), blocks = cld(n, 64), threads = 64, fill<64>(c, n));
  // CHECK-DAG: empty_axis.cu:[[@LINE-1]]:20: error: the space has no axes
}
