// An annotation without a kernel call is a syntax error reported at its end.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile);
  // CHECK: missing_call.cu:[[@LINE-1]]:{{[0-9]+}}: error: missing kernel call
}
