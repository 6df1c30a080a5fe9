// An unknown keyword is an error at its name, with the nearest keyword and the valid ones listed.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), thread = $tile, fill<$tile>(c, n));
  // CHECK: unknown_keyword.cu:[[@LINE-1]]:64: error: unknown keyword 'thread'; did you mean 'threads'? (valid keywords: space, where, key, blocks, threads, shmem, stream, occupancy, num_ctas, restore, outputs, verify, flush_l2, measure, search, budget, seed)
}
