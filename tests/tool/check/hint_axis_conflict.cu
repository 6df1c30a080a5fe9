// A static hint and an axis of the same name: the error is at the hint, the note at the axis.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), occupancy = (1, 2)), occupancy = 2, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK: hint_axis_conflict.cu:[[@LINE-2]]:72: error: static hint 'occupancy' conflicts with the space's axis of the same name
  // CHECK-NEXT: [[#@LINE-3]] |
  // CHECK-NEXT: ^
  // CHECK-NEXT: hint_axis_conflict.cu:[[@LINE-5]]:39: note: axis 'occupancy' defined here
}
