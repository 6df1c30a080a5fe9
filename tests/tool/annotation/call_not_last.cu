// The kernel call must be the last item of the annotation.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), fill<$tile>(c, n), blocks = cld(n, $tile), threads = $tile);
  // CHECK: call_not_last.cu:[[@LINE-1]]:59: error: the kernel call must be the last item of the annotation
}
