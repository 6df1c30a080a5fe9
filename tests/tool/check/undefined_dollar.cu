// A `$name` no axis defines is an error at its column, with the nearest axis suggested; nothing is
// written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tyle), threads = $tile, fill<$tile>(c, n));
  // CHECK: undefined_dollar.cu:[[@LINE-1]]:56: error: '$tyle' names no axis of the space; did you mean '$tile'?
  // CHECK-NEXT: [[#@LINE-2]] | TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tyle), threads = $tile, fill<$tile>(c, n));
  // CHECK-NEXT: |{{ +}}^~~~~{{$}}
}
