// restore / outputs / verify / flush_l2 mistakes are errors at their columns; nothing is written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void odd(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, restore = (x, n * 4, x), scale<$tile>(x, n));
  // CHECK: measurement_options.cu:[[@LINE-1]]:102: error: 'restore' takes pairs (pointer, bytes, pointer, bytes, ...); this pointer has no byte count
}
void dollar(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, outputs = (x, $tile), verify = true, scale<$tile>(x, n));
  // CHECK: measurement_options.cu:[[@LINE-1]]:95: error: '$tile' cannot appear in 'outputs': the buffers are the same for every configuration
}
void lonely_verify(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, verify = true, scale<$tile>(x, n));
  // CHECK: measurement_options.cu:[[@LINE-1]]:90: error: 'verify' compares each configuration's outputs with the first's: name them with outputs = (pointer, bytes, ...) or restore = (...)
}
void lonely_outputs(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, outputs = (x, n * 4), scale<$tile>(x, n));
  // CHECK: measurement_options.cu:[[@LINE-1]]:81: error: 'outputs' are only compared under 'verify': add verify = true (or a relative tolerance such as verify = 1e-5)
}
void flush(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, flush_l2 = 2, scale<$tile>(x, n));
  // CHECK: measurement_options.cu:[[@LINE-1]]:92: error: 'flush_l2' is true or false, not 2
}
