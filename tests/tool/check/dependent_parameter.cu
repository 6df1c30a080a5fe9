// The arguments are converted to the kernel's parameter types once, for every configuration: a
// parameter whose type depends on a template parameter that takes a `$` value is an error, with a
// note at the parameter.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int N>
struct Tile {
  float v[N];
};

template <class T, int N>
__global__ void fill(T* c, Tile<N> tile) {}
// CHECK-DAG: dependent_parameter.cu:[[@LINE-1]]:36: note: parameter declared here

void run(float* c, Tile<64> t) {
  TILETUNE(space = (n = (64, 128)), blocks = 1, threads = $n, fill<float, $n>(c, t));
  // CHECK-DAG: dependent_parameter.cu:[[@LINE-1]]:75: error: 'fill' has parameter 'tile' of type 'Tile<N>', which depends on template parameter 'N': its argument may not use '$', since the arguments are converted once for every configuration
}
