// Object-like macros in an annotation expand as in C++ before it is parsed: a macro for an axis's
// values, for one value, for a bound in `where` (with `$` names in its body too), for the whole
// space and for a template argument. A macro named like an axis or keyword (followed by `=`), one
// after `$`, and a function-like one are left as written.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#define TILES (64, 128)
#define TILE_MAX 256
#define MAXT 512
#define AREA $tile * $rows
#define SPACE (tile = (32, TILE_MAX))
#define tile 7
#define HALF(x) ((x) / 2)

template <int T>
__global__ void k(float* c, int n) {}

void values(float* c, int n) {
  TILETUNE(space = (tile = TILES), blocks = cld(n, $tile), threads = $tile, k<$tile>(c, n));
}
// CHECK: ::tiletune::Space::cartesian({{[{][{]}}"tile", {64ll, 128ll}}})

void one_value(float* c, int n) {
  TILETUNE(space = (tile = (64, TILE_MAX)), blocks = cld(n, $tile), threads = $tile, k<$tile>(c, n));
}
// CHECK: ::tiletune::Space::cartesian({{[{][{]}}"tile", {64ll, 256ll}}})

void bound(float* c, int n) {
  TILETUNE(space = (tile = (64, 128), rows = (2, 8)), where = AREA <= MAXT,
           blocks = cld(n, $tile), threads = $tile, k<$tile>(c, n));
}
// CHECK: ::tiletune::Space::cartesian(
// CHECK: {"rows", {2ll, 8ll}}
// CHECK: return int(tt_cfg[0]) * int(tt_cfg[1]) <= 512;

void whole_space(float* c, int n) {
  TILETUNE(space = SPACE, blocks = HALF(n), threads = $tile, k<$tile>(c, n));
}
// CHECK: ::tiletune::Space::cartesian({{[{][{]}}"tile", {32ll, 256ll}}})
// CHECK: ::tiletune::Dim(HALF(n))
