// __launch_bounds__ with a minimum-blocks argument already fixes occupancy: an `occupancy` hint or
// axis is an error, with a note at the kernel's attribute.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void __launch_bounds__(256, 2) fill(float* c, int n) {}
// CHECK-DAG: launch_bounds_occupancy.cu:[[@LINE-1]]:17: note: __launch_bounds__ given here

void hint(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), occupancy = 4, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: launch_bounds_occupancy.cu:[[@LINE-1]]:52: error: the kernel's __launch_bounds__ already fixes the minimum blocks per multiprocessor; 'occupancy' cannot change it
}

void axis(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), occupancy = (1, 2)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: launch_bounds_occupancy.cu:[[@LINE-1]]:39: error: the kernel's __launch_bounds__ already fixes the minimum blocks per multiprocessor; 'occupancy' cannot change it
}
