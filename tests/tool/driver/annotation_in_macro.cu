// An annotation inside a #define body is an error at the macro's use with a note at the
// annotation, not skipped with exit 0; nothing is written. (One passed as a macro argument is
// written in the file and rewritten: annotation_as_macro_argument.cu.)
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vscale(float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] *= 2.0f;
}

#define LAUNCH_SCALE(c, n) \
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vscale<$tile>(c, n))

void run(float* c, int n) {
  LAUNCH_SCALE(c, n);
  // CHECK: annotation_in_macro.cu:[[@LINE-1]]:3: error: TILETUNE(...) inside a macro cannot be rewritten: the tool replaces the annotation's own text; write the annotation outside the macro
  // CHECK: annotation_in_macro.cu:17:3: note: the annotation is written here
}
