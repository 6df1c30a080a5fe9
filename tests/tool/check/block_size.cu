// `threads` above 1024 (no CUDA GPU runs such a block), evaluated per configuration of a literal
// space after `where`: for every configuration an error (nothing could launch), for some a warning
// naming them (tuning skips them), for none or where it is known only at run time, nothing.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <tiletune/tiletune.h>

template <int X, int Y>
__global__ void fill(float* c, int n) {}

void some(float* c, int n) {
  TILETUNE(space = (x = (256, 1024, 2048), y = (1, 2)), blocks = n, threads = ($x, $y), fill<$x, $y>(c, n));
  // CHECK-DAG: block_size.cu:[[@LINE-1]]:79: warning: threads exceeds 1024 for 3 of 6 configurations (x=1024 y=2: 2048 threads; x=2048 y=1: 2048 threads; x=2048 y=2: 4096 threads): the most threads a block may have is 1024 on every CUDA GPU, so tuning skips them; remove them with `where` or narrow the axis
}

void all(float* c, int n) {
  TILETUNE(space = (x = (2048, 4096), y = (1)), blocks = n, threads = $x * $y, fill<$x, $y>(c, n));
  // CHECK-DAG: block_size.cu:[[@LINE-1]]:71: error: threads exceeds 1024 for every configuration (x=2048 y=1: 2048 threads; ...): the most threads a block may have is 1024 on every CUDA GPU, so none could launch
}

void removed_by_where(float* c, int n) {
  TILETUNE(space = (x = (256, 2048), y = (1, 2)), where = $x * $y <= 1024, blocks = n, threads = ($x, $y), fill<$x, $y>(c, n));
}

void run_time(float* c, int n, int t) {
  TILETUNE(space = (x = (256, 2048), y = (1)), blocks = n, threads = t, fill<$x, $y>(c, n));
}
