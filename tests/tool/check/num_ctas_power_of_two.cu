// num_ctas (the cluster size) is a power of two up to 16, as a static hint or as an axis.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void hint(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), num_ctas = 3, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: num_ctas_power_of_two.cu:[[@LINE-1]]:51: error: num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not 3
}

void axis(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), num_ctas = (1, 2, 32)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: num_ctas_power_of_two.cu:[[@LINE-1]]:57: error: num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not 32
}
