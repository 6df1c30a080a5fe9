// A `where` that removes every configuration of a literal space is an error that says how many it
// removed; `where` is evaluated per configuration at build time.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// With names of constants, which Clang evaluates:
// RUN: not %tiletune %s -o %t.cu -- -DNAMED 2>&1 | FileCheck %s --check-prefix=NAMED

#include <tiletune/tiletune.h>

template <int X, int Y>
__global__ void fill(float* c, int n) {}

#ifndef NAMED
void run(float* c, int n) {
  TILETUNE(space = (x = (32, 64), y = (2, 4, 8)),
           where = $x * $y > 1024 || ($x % 3 == 0 && !($y < 2)),
           blocks = cld(n, $x), threads = ($x, $y), fill<$x, $y>(c, n));
  // CHECK: where_empty.cu:[[@LINE-2]]:20: error: 'where' leaves the space empty: it removes all 6 configurations
}
#else
constexpr int kTiny = 16;
void named(float* c, int n) {
  TILETUNE(space = (x = (32, 64), y = (2, 4, 8)), where = $x <= kTiny, blocks = cld(n, $x),
           threads = ($x, $y), fill<$x, $y>(c, n));
  // NAMED: where_empty.cu:[[@LINE-2]]:59: error: 'where' leaves the space empty: it removes all 6 configurations
}
#endif
