// What the generated code would compute for a configuration of a literal space and cannot is an
// error at its column, naming the configuration: a division by zero (cld raises tiletune::Error at
// every first launch, '/' and '%' are undefined) and a value past 64 bits (undefined), in a launch
// expression the tool evaluates whole, or in a part of one it evaluates alone (a cld's arguments,
// the operand of '/' or '%', a term of a sum, in brackets too).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

__global__ void plain(float* c, int n, long long scale) {}

void cld_by_zero(float* c, int n) {
  TILETUNE(space = (tile = (0, 64)), blocks = cld(n, $tile), threads = 64, vadd<$tile>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-1]]:54: error: division by zero for tile=0: '$tile' is 0 there (cld raises tiletune::Error at every first launch, '/' and '%' are undefined); leave the value out of the space or remove the configuration with `where`
}

void divided_by_zero(float* c, int n) {
  TILETUNE(space = (a = (64, 128)), blocks = n / ($a - 64), threads = 64, vadd<$a>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-1]]:50: error: division by zero for a=64: '($a - 64)' is 0 there
}

void remainder_in_evaluable(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), blocks = 1, threads = 64 % ($a - 2) + 32, vadd<$a>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-1]]:61: error: division by zero for a=2: '($a - 2)' is 0 there
}

void overflow_whole(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), blocks = 1, threads = 64, shmem = $a * 4611686018427387904,
           vadd<$a>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-2]]:68: error: '$a * 4611686018427387904' overflows 64-bit arithmetic for a=2, which is undefined in the generated code
}

void overflow_in_term(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), blocks = n + $a * 4611686018427387904, threads = 64,
           vadd<$a>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-2]]:47: error: '$a * 4611686018427387904' overflows 64-bit arithmetic for a=2
}

void overflow_in_argument(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), blocks = 1, threads = 64,
           plain(c, n, Constant($a << 62)));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-1]]:33: error: '$a << 62' overflows 64-bit arithmetic for a=2
}

void overflow_of_literals(float* c, int n) {
  TILETUNE(space = (a = (1, 2)), blocks = cld(n, 4611686018427387904 * 2), threads = 64,
           vadd<$a>(c, n));
  // CHECK-DAG: configuration_arithmetic.cu:[[@LINE-2]]:50: error: '4611686018427387904 * 2' overflows 64-bit arithmetic, which is undefined in the generated code
}

// Guarded by a condition, removed by `where`, or known only at run time: nothing to say.
void fine(float* c, int n, int d) {
  TILETUNE(space = (a = (0, 64)), blocks = $a > 0 ? cld(n, $a) : 1, threads = 64, vadd<$a>(c, n));
  TILETUNE(space = (a = (0, 64)), where = $a != 0, blocks = cld(n, $a) + n / $a, threads = 64,
           vadd<$a>(c, n));
  TILETUNE(space = (a = (0, 64)), blocks = cld(n * $a, d) + n * $a * 4611686018427387904,
           threads = 64, vadd<$a>(c, n));
  // CHECK-NOT: configuration_arithmetic.cu:{{6[3-9]}}:{{[0-9]+}}: error
}
