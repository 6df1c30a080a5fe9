// `$name` means the value of an axis in the configuration being launched: it cannot appear where
// no configuration is known yet (the key, the opaque space itself).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

tiletune::Space make_space(int);

void in_key(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), key = (n, $tile), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: dollar_positions.cu:[[@LINE-1]]:50: error: '$tile' cannot appear in 'key': the key is computed before a configuration is chosen
}

void in_opaque_space(float* c, int n) {
  TILETUNE(space = make_space($tile), blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: dollar_positions.cu:[[@LINE-1]]:31: error: '$tile' cannot appear in 'space': the space defines the axes that '$' names
}

void where_on_opaque_space(float* c, int n) {
  TILETUNE(space = make_space(n), where = $tile > 64, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: dollar_positions.cu:[[@LINE-1]]:43: error: 'where' constrains a literal space; an opaque space takes its constraint in tiletune::Space::cartesian(axes, constraint)
}
