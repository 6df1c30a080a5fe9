// __cluster_dims__ already fixes the cluster shape: `num_ctas` is an error, with a note at the
// kernel's attribute.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void __cluster_dims__(2, 1, 1) fill(float* c, int n) {}
// CHECK-DAG: cluster_dims_num_ctas.cu:[[@LINE-1]]:17: note: __cluster_dims__ given here

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), num_ctas = 4, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: cluster_dims_num_ctas.cu:[[@LINE-1]]:51: error: the kernel's __cluster_dims__ already fixes the cluster shape; 'num_ctas' cannot change it
}
