// A directive other than a conditional inside an annotation (a `#define`, `#undef`, `#pragma`)
// is refused where it stands, saying what to do instead, whether it comes between keywords or
// inside an expression or the kernel call.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:

#include <tiletune/tiletune.h>

__global__ void scale(float* p, int n) {}

void between_keywords(float* p, int n) {
  TILETUNE(space = (t = (64, 128)),
#define TILE_SPACE 1
           blocks = cld(n, $t), threads = $t, scale(p, n));
  // CHECK: directive_inside.cu:[[@LINE-2]]:1: error: a preprocessor directive (`#define`) inside TILETUNE(...): of the directives, only conditionals (#if, #ifdef, #ifndef, #elif, #else, #endif) may stand inside an annotation; move it before the annotation
}

void in_an_expression(float* p, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n,
  #  undef TILE_SPACE
                                                 $t),
           threads = $t, scale(p, n));
  // CHECK: directive_inside.cu:[[@LINE-3]]:3: error: a preprocessor directive (`#undef`) inside TILETUNE(...)
}
