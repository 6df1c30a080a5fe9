// Constant(...) with `$` names is baked per configuration, so its value must follow from the
// configuration alone: mixed with a run-time value it is refused at that value's column; `$` names
// with literals, arithmetic and cld are accepted, also beside a Constant without `$`.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:

#include <tiletune/tiletune.h>

__global__ void vadd(const float* a, const float* b, float* c, int n, int stride, int radius) {}

void mixed(const float* a, const float* b, float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           vadd(a, b, c, n, Constant($tile * n), Constant(2)));
  // CHECK-DAG: constant_dollars.cu:[[@LINE-1]]:46: error: Constant(...) mixes '$' names with 'n', which is not known from the configuration alone: each configuration bakes its own constant, so use only '$' names, integer literals, arithmetic and cld(a, b) here, or pass the run-time part as a plain argument
}

void mixed_call(const float* a, const float* b, float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           vadd(a, b, c, n, Constant(2u * $tile + sizeof(float)), Constant(2)));
  // CHECK-DAG: constant_dollars.cu:[[@LINE-1]]:51: error: Constant(...) mixes '$' names with 'sizeof', which is not known from the configuration alone
}

void accepted(const float* a, const float* b, float* c, int n, int r) {
  TILETUNE(space = (tile = (64, 128), rows = (1, 2)), blocks = cld(n, $tile), threads = $tile,
           vadd(a, b, c, n, Constant(cld($tile, 2) * $rows + 0x10), Constant(r)));
}

