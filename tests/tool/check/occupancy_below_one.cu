// occupancy (the least blocks per multiprocessor) is at least 1, as a static hint or as an axis.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void hint(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), occupancy = 0, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: occupancy_below_one.cu:[[@LINE-1]]:52: error: occupancy must be at least 1 (the least number of blocks per multiprocessor), not 0
}

void axis(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), occupancy = (2, -1)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: occupancy_below_one.cu:[[@LINE-1]]:55: error: occupancy must be at least 1 (the least number of blocks per multiprocessor), not -1
}
