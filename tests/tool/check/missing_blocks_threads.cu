// `blocks` and `threads` are required: without them there is no launch to make. The error is at
// the kernel call.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void no_blocks(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: missing_blocks_threads.cu:[[@LINE-1]]:57: error: missing 'blocks': the annotation must give the grid, e.g. blocks = cld(n, $tile)
}

void no_threads(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), fill<$tile>(c, n));
  // CHECK-DAG: missing_blocks_threads.cu:[[@LINE-1]]:64: error: missing 'threads': the annotation must give the block size, e.g. threads = $tile
}

void no_space(float* c, int n) {
  TILETUNE(blocks = cld(n, 64), threads = 64, fill<64>(c, n));
  // CHECK-DAG: missing_blocks_threads.cu:[[@LINE-1]]:12: error: missing 'space': the annotation must say what to tune, e.g. space = (tile = (64, 128, 256))
}
