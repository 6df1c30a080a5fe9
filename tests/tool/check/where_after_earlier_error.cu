// Each site's `where` is checked even when an earlier site of the file has an error: one site's
// mistake must not hide the next one's.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int X>
__global__ void fill(float* c, int n) {}

void first(float* c, int n) {
  TILETUNE(space = (x = (32, 64)), blocks = cld(n, $x), threads = $x, trheads = $x, fill<$x>(c, n));
  // CHECK: where_after_earlier_error.cu:[[@LINE-1]]:71: error: {{.*}}'trheads'
}

void second(float* c, int n) {
  TILETUNE(space = (x = (32, 64)), where = $x > 1024, blocks = cld(n, $x), threads = $x,
           fill<$x>(c, n));
  // CHECK: where_after_earlier_error.cu:[[@LINE-2]]:44: error: 'where' leaves the space empty: it removes all 2 configurations
}
