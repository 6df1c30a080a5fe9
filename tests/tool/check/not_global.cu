// The launched function must be a __global__ kernel; the note points at its declaration.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

__device__ void helper(float* c, int n) {}
// CHECK-DAG: not_global.cu:[[@LINE-1]]:17: note: declared here without __global__

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, helper(c, n));
  // CHECK-DAG: not_global.cu:[[@LINE-1]]:81: error: 'helper' is not a __global__ kernel
}
