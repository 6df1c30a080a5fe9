// A Clang error in code a tuned kernel depends on (the kernel, what it calls, the annotation) stays
// an error and stops the tool, while one elsewhere is only counted (left to nvcc); nothing is
// written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: test ! -e %t.cu

// A fatal error ends the parse before the tuned code is known: it stays an error.
// RUN: not %tiletune %s -o %t.cu -- -include %t.no-such-header.h 2>&1 | FileCheck %s --check-prefix=FATAL
// FATAL: fatal error: '{{.*}}no-such-header.h' file not found
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

__device__ float helper(float x) { return undeclared_in_helper(x); }
// CHECK-DAG: tuned_code_errors.cu:[[@LINE-1]]:43: error: use of undeclared identifier 'undeclared_in_helper'

template <int TILE>
__global__ void vadd(float* c, int n) {
  c[0] = helper(1.0f);
  c[1] = undeclared_in_kernel;
  // CHECK-DAG: tuned_code_errors.cu:[[@LINE-1]]:10: error: use of undeclared identifier 'undeclared_in_kernel'
}

int host_only() { return undeclared_in_host; }
// CHECK-DAG: tuned_code_errors.cu:[[@LINE-1]]:26: warning: Clang rejects host code at 1 place that no tuned kernel depends on (the first here)

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
