// A call to a function the file does not declare is an error at the callee.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           missing_kernel<$tile>(c, n));
  // CHECK: unknown_kernel.cu:[[@LINE-1]]:12: error: no function named 'missing_kernel' in this translation unit
}
