// A literal space of more than 64 configurations that the search compiles whole (the default up to
// 128, or search = exhaustive) is a warning that names the count; the file is still rewritten.
// Beyond 128 the default search samples it: no warning.
// RUN: %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test -s %t.cu

#include <tiletune/tiletune.h>

template <int X, int Y, int Z>
__global__ void fill(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = (x = (1, 2, 4, 8), y = (1, 2, 4, 8), z = (1, 2, 4, 8, 16)), blocks = n, threads = 32, fill<$x, $y, $z>(c, n));
  // CHECK: large_space_warning.cu:[[@LINE-1]]:20: warning: the space has 80 configurations: the first launch compiles and times every one
}
void sampled_by_default(float* c, int n) {
  TILETUNE(space = (x = (1, 2, 4, 8), y = (1, 2, 4, 8), z = (1, 2, 3, 4, 5, 6, 7, 8, 9)), blocks = n, threads = 32, fill<$x, $y, $z>(c, n));
}
void exhaustive_on_request(float* c, int n) {
  TILETUNE(space = (x = (1, 2, 4, 8), y = (1, 2, 4, 8), z = (1, 2, 3, 4, 5, 6, 7, 8, 9)), blocks = n, threads = 32, search = exhaustive, fill<$x, $y, $z>(c, n));
  // CHECK-NOT: warning
  // CHECK: large_space_warning.cu:[[@LINE-2]]:20: warning: the space has 144 configurations: the first launch compiles and times every one
}
