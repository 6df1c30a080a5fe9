// A keyword given twice is an error at the second, with a note at the first.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), threads = $tile, blocks = cld(n, $tile), threads = 64,
           fill<$tile>(c, n));
  // CHECK: repeated_keyword.cu:[[@LINE-2]]:81: error: keyword 'threads' is given more than once
  // CHECK: repeated_keyword.cu:[[@LINE-3]]:40: note: first given here
}
