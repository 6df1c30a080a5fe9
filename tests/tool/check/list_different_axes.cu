// Every entry of a fixed list names the same axes, in order.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int BM, int BN>
__global__ void gemm(float* c, int n) {}

void run(float* c, int n) {
  TILETUNE(space = [(bm = 64, bn = 128),
                    (bm = 128, bk = 64)],
           blocks = cld(n, $bm), threads = $bn, gemm<$bm, $bn>(c, n));
  // CHECK: list_different_axes.cu:[[@LINE-2]]:21: error: this configuration names the axes (bm, bk) but the first names (bm, bn): every entry of a list must name the same axes, in order
}
