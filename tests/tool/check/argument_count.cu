// The kernel call must pass as many arguments as the kernel has parameters (or leave out only
// those with default arguments: emit/default_arguments.cu).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* c, float factor, int n) {}
// CHECK-DAG: argument_count.cu:[[@LINE-1]]:17: note: kernel declared here

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           scale<$tile>(c, n));
  // CHECK-DAG: argument_count.cu:[[@LINE-1]]:12: error: 'scale' takes 3 arguments, but 2 are given
}
