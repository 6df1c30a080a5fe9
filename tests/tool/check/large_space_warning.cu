// A literal space of more than 64 configurations is a warning that names the count; the file is
// still rewritten.
// RUN: %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test -s %t.cu

#include <tiletune/tiletune.h>

template <int X, int Y, int Z>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (x = (1, 2, 4, 8), y = (1, 2, 4, 8), z = (1, 2, 4, 8, 16)), blocks = n, threads = 32, fill<$x, $y, $z>(c, n));
  // CHECK: large_space_warning.cu:[[@LINE-1]]:20: warning: the space has 80 configurations: the first launch compiles and times every one
}
