// A macro in an annotation that expands to something the annotation cannot take is reported at
// the macro's use, with a note at its definition naming it; a function-like macro, which the tool
// leaves to the compiler, where a value is needed gets a note saying so.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#define BAD_TILES (64, n)
#define TILES_OF(x) (x, 2 * x)

template <int T>
__global__ void k(float* c, int n) {}

void bad_values(float* c, int n) {
  TILETUNE(space = (tile = BAD_TILES), blocks = cld(n, $tile), threads = $tile, k<$tile>(c, n));
  // CHECK-DAG: macro_values.cu:[[@LINE-1]]:28: error: expected a value: an integer or true/false
}
// CHECK-DAG: macro_values.cu:8:9: note: in the expansion of macro 'BAD_TILES': write the values in the annotation itself if the macro cannot hold them

void function_like(float* c, int n) {
  TILETUNE(space = (tile = TILES_OF(64)), blocks = cld(n, $tile), threads = $tile, k<$tile>(c, n));
  // CHECK-DAG: macro_values.cu:[[@LINE-1]]:28: error: expected a value: an integer or true/false
}
// CHECK-DAG: macro_values.cu:9:9: note: 'TILES_OF' is a function-like macro, which tiletune leaves to the compiler: where the annotation needs a value, write it, or define an object-like macro

// Columns after an expansion are the written text's.
#define TWO 2
void after_expansion(float* c, int n) {
  TILETUNE(space = (tile = (TWO, 64)), blocks = cld(n, $tile), threads = $tyle, k<$tile>(c, n));
  // CHECK-DAG: macro_values.cu:[[@LINE-1]]:74: error: '$tyle' names no axis of the space; did you mean '$tile'?
}
