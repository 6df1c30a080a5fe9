// A `$` value given for a type template parameter is reported at the argument, naming the
// parameter, and nothing that would follow from the type it cannot make (the parameter types).
// A type built from `$` values (`Tile<$n>`) goes to a type parameter as it should.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <tiletune/tiletune.h>

template <typename T>
__global__ void fill(T* c, int n) {}
// CHECK-DAG: dollar_for_type_parameter.cu:[[@LINE-2]]:20: note: template parameter declared here

void run(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: dollar_for_type_parameter.cu:[[@LINE-1]]:86: error: '$tile' is a number, but template parameter 'T' of 'fill' is a type: a '$' value goes to a value parameter such as 'int TILE'
}

template <int N>
struct Tile {
  float v[N];
};

template <class T>
__global__ void fill_tiles(T* tiles, int n) {}

void run_tiles(int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = n, threads = $tile, fill_tiles<Tile<$tile>>(nullptr, n));
}
