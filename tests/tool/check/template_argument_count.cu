// Too many or too few template arguments (they cannot be deduced at a tuned launch), and template
// arguments for a kernel that is no template; each with a note at the declaration.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE, int UNROLL>
__global__ void fill(float* c, int n) {}
// CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:17: note: template declared here

__global__ void plain(float* c, int n) {}
// CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:17: note: kernel declared here

void too_many(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<$tile, 2, 3>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:96: error: too many template arguments for 'fill': it takes 2
}

void too_few(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:81: error: too few template arguments for 'fill': it needs 2, 1 given (they cannot be deduced at a tuned launch)
}

void not_a_template(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, plain<$tile>(c, n));
  // CHECK-DAG: template_argument_count.cu:[[@LINE-1]]:81: error: 'plain' is not a template, but template arguments are given
}
