// A `measure` that is not one of eager, graph, cold is an error at its value, with the nearest
// name; flush_l2 = true (which is measure = cold) beside another mode is an error at flush_l2.
// Nothing is written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void misspelt(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, measure = grpah, scale<$tile>(x, n));
  // CHECK: measure_mode.cu:[[@LINE-1]]:91: error: 'measure' is one of eager, graph, cold, not 'grpah'; did you mean 'graph'?
}
void unknown(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, measure = 2, scale<$tile>(x, n));
  // CHECK: measure_mode.cu:[[@LINE-1]]:91: error: 'measure' is one of eager, graph, cold, not '2'
}
void both(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, flush_l2 = true, measure = graph, scale<$tile>(x, n));
  // CHECK: measure_mode.cu:[[@LINE-1]]:92: error: 'flush_l2 = true' is measure = cold, and this site measures graph: remove one of them
}
