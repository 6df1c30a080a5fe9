// Literal values that cannot launch are build-time errors at their column: a division by a literal
// zero (cld, / or %) in any launch expression, and blocks or threads past a 32-bit launch dimension.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void overflow(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = 1, threads = $tile * 4294967297, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:62: error: threads = 274877907008 for tile=64 does not fit a launch dimension (0 to 4294967295)
}

void negative(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = (1, 0 - 2), threads = $tile, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:53: error: blocks = -2 does not fit a launch dimension (0 to 4294967295)
}

void zero_with_variable(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, 0), threads = $tile, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:56: error: division by zero
}

void zero_parenthesised(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n * 2, ( 0x0 )), threads = $tile, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:60: error: division by zero
}

void zero_evaluable(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = 1, threads = $tile / 0, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:70: error: division by zero
}

void zero_remainder_in_shmem(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(64, 0), threads = $tile, shmem = n % 0, vadd<$tile>(c, n));
  // CHECK-DAG: literal_values.cu:[[@LINE-1]]:57: error: division by zero
  // CHECK-DAG: literal_values.cu:[[@LINE-2]]:90: error: division by zero
}

// A divisor that is not a literal zero is left to the run time.
void fine(float* c, int n, int d) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, d + 0), threads = $tile, shmem = n / 0.5 + n % 0x10 + n / d, vadd<$tile>(c, n));
  // CHECK-NOT: literal_values.cu:[[@LINE-1]]:{{.*}}error
}
