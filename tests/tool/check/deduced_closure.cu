// From C++20 Clang sees a call with a lambda argument too (an unevaluated operand may hold one),
// and deduces the kernel's functor type from it: a lambda's closure type, which NVRTC cannot name.
// The launch is refused at the annotation, with a note at the lambda.
// RUN: not %tiletune %s -o %t.cu -- -std=c++20 -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE, class F>
__global__ void apply(float* c, int n, F f) {}

void run(float* c, int n) {
  auto twice = [] __device__(float v) { return 2 * v; };
  // CHECK-DAG: deduced_closure.cu:[[@LINE-1]]:16: note: declared here
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           apply<$tile>(c, n, twice));
  // CHECK-DAG: deduced_closure.cu:[[@LINE-2]]:3: error: the kernel Clang deduced at this launch names a lambda's closure type, which NVRTC (compiling the tuned kernel apart from this file) and the generated site cannot name; pass a functor type declared at namespace scope instead
}
