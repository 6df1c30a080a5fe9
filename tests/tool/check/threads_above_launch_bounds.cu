// `threads` is evaluated for every configuration of a literal space (here a product of two axes)
// and must stay within the kernel's __launch_bounds__ maximum; the note is at the attribute.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int X, int Y>
__global__ void __launch_bounds__(256) fill(float* c, int n) {}
// CHECK-DAG: threads_above_launch_bounds.cu:[[@LINE-1]]:17: note: __launch_bounds__ given here

void run(float* c, int n) {
  TILETUNE(space = (x = (32, 64), y = (4, 8)), blocks = cld(n, $x * $y), threads = ($x, $y), fill<$x, $y>(c, n));
  // CHECK-DAG: threads_above_launch_bounds.cu:[[@LINE-1]]:84: error: threads = 512 for x=64 y=8 exceeds the kernel's __launch_bounds__ maximum of 256
}
