// When a site's kernel cannot be found (an error may be what hides it), the tuned code is unknown:
// every Clang error stays an error.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

int host_only() { return undeclared_in_host; }
// CHECK: unknown_kernel_errors.cu:[[@LINE-1]]:26: error: use of undeclared identifier 'undeclared_in_host'
// CHECK-NOT: warning:

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, missing_kernel<$tile>(c, n));
}
