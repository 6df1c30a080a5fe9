// A configuration listed twice, or a value repeated in a Cartesian axis (which repeats every
// configuration that has it), is an error.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int BM, int BN>
__global__ void gemm(float* c, int n) {}

void list(float* c, int n) {
  TILETUNE(space = [(bm = 64, bn = 128), (bm = 128, bn = 64), (bm = 0x40, bn = 1'28)],
           blocks = cld(n, $bm), threads = $bn, gemm<$bm, $bn>(c, n));
  // CHECK: repeated_configuration.cu:[[@LINE-2]]:63: error: this configuration repeats an earlier one
  // CHECK: repeated_configuration.cu:[[@LINE-3]]:21: note: first listed here
}

void cartesian(float* c, int n) {
  TILETUNE(space = (bm = (64, 128, 64), bn = (32)), blocks = cld(n, $bm), threads = $bn, gemm<$bm, $bn>(c, n));
  // CHECK: repeated_configuration.cu:[[@LINE-1]]:36: error: value 64 appears twice in axis 'bm': every configuration would repeat
}
