// A file that reaches nvcc without the tool fails, with a message that says to run tiletune.
// RUN: not %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %s -o %t.o 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  // CHECK: unrewritten.cu([[@LINE+1]]): error: static assertion failed with "TILETUNE(...) must be rewritten by the tiletune tool before nvcc
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
