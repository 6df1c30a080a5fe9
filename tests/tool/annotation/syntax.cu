// Syntax errors are reported at their column, one per annotation, and every annotation of the file
// is checked. Annotations span lines and hold comments.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

void unbalanced(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile], fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:79: error: unbalanced ']': no matching '['
}

void bad_literal(float* c, int n) {
  TILETUNE(space = (tile = (64, 1.5e2)),  // not an integer
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-2]]:33: error: invalid integer literal
}

void missing_equals(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)),
           /* the grid */ blocks cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:34: error: expected '=' after keyword 'blocks'
}

void triple_chevron(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, fill<<<1, 2>>>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:85: error: the kernel call takes no `<<<...>>>`: the launch geometry goes in the keywords blocks = ..., threads = ..., shmem = ... and stream = ..., and the call is written 'fill(arguments)'
}

// A first annotation often keeps the launch as it was: the geometry after the template arguments.
void launch_kept_as_written(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), fill<$tile><<<cld(n, $tile), $tile>>>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:51: error: the kernel call takes no `<<<...>>>`: the launch geometry goes in the keywords blocks = ..., threads = ..., shmem = ... and stream = ..., and the call is written 'fill<...>(arguments)'
}

void dollar_without_name(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $ tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:56: error: expected an axis name after '$'
}

void hint_not_literal(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), occupancy = n / 2, blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:52: error: 'occupancy' is a static hint: expected an integer literal
}

void too_many_dims(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = (1, 2, 3, 4), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: syntax.cu:[[@LINE-1]]:59: error: too many dimensions for 'blocks': at most 3 (x, y, z)
}
