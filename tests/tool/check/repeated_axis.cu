// An axis defined twice is an error at the second definition, with a note at the first.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), tile = (256)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK: repeated_axis.cu:[[@LINE-1]]:39: error: axis 'tile' is defined more than once
  // CHECK: repeated_axis.cu:[[@LINE-2]]:21: note: first defined here
}
