// Too many template arguments, too few where the call's arguments do not deduce the rest, and
// template arguments for a kernel that is no template; each with a note at the declaration. Clang
// resolves the call as a launch written there: where it cannot deduce a parameter, its own error
// and note say which; where it does not see the call (a lambda argument, which an unevaluated
// operand may not hold before C++20), the tool counts the arguments.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE, int UNROLL>
__global__ void fill(float* c, int n) {}
// CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:17: note: template declared here
// CHECK-DAG: template_argument_count.cu:[[@LINE-2]]:17: note: candidate template ignored: couldn't infer template argument 'UNROLL'

template <int TILE, int UNROLL, class F>
__global__ void apply(float* c, int n, F f) {}
// CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:17: note: template declared here

__global__ void plain(float* c, int n) {}
// CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:17: note: kernel declared here

void too_many(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<$tile, 2, 3>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:96: error: too many template arguments for 'fill': it takes 2
}

void too_few(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:81: error: no matching function for call to 'fill'
}

void too_few_unseen(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           apply<$tile>(c, n, [] __device__(float v) { return v; }));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:12: error: too few template arguments for 'apply': it needs 3, 1 given, and the tool cannot deduce the others from a call with a lambda argument before C++20; give them
}

void not_a_template(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, plain<$tile>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:81: error: 'plain' is not a template, but template arguments are given
}
