// An annotation where TILETUNE is not defined (tiletune/tiletune.h not included, or only after it)
// is one error that names the header, at the annotation, instead of what Clang says about each name
// in it; nothing is written. An annotation in code that is not compiled says nothing.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu > %t.out 2>&1
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: < %t.out
// RUN: test ! -e %t.cu
// RUN: %tiletune %s -o %t.cu -- -DNOT_COMPILED 2>&1 | FileCheck %s --check-prefix=SKIPPED --allow-empty
// SKIPPED-NOT: TILETUNE

template <int TILE>
__global__ void vadd(float* c, int n) {}

#ifndef NOT_COMPILED
void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
  // CHECK: missing_include.cu:[[@LINE-1]]:3: error: 'TILETUNE' is not defined here: add #include <tiletune/tiletune.h> before the first annotation
}
#endif

// The header comes too late for the annotation above.
#include <tiletune/tiletune.h>
