// A configuration holds at most 16 axes and a key at most 8 values (tiletune::Config,
// tiletune::Key): more is an error at the first one too many (axis_count.cu: 9 and 16 axes pass).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int A>
__global__ void fill(float* c, int n) {}

__global__ void wide(int a, int b, int c, int d, int e, int f, int g, int h, int i) {}

void axes(float* c, int n) {
  TILETUNE(space = (a = (1), b = (1), c = (1), d = (1), e = (1), f = (1), g = (1), h = (1), i = (1),
                    j = (1), k = (1), l = (1), m = (1), o = (1), p = (1), q = (1), r = (1)),
           blocks = 1, threads = 32, fill<$a>(c, n));
  // CHECK-DAG: limits.cu:[[@LINE-2]]:84: error: the space has 17 axes; a configuration holds at most 16
}

void key(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), key = (n, n, n, n, n, n, n, n, n + 1), blocks = 1, threads = 32, fill<$a>(c, n));
  // CHECK-DAG: limits.cu:[[@LINE-1]]:65: error: the key has 9 values (Constant(...) arguments included); it holds at most 8
}

void default_key(int n) {
  TILETUNE(space = (a = (1, 2)), blocks = 1, threads = $a, wide(n, n, n, n, n, n, n, n, n));
  // CHECK-DAG: limits.cu:[[@LINE-1]]:60: error: the default key would take 9 integral and Constant(...) arguments; it holds at most 8: say what the tuning depends on with key = (...)
}
