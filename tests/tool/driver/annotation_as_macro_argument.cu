// An annotation passed as a macro argument is written in the file itself, so it is rewritten in
// place, and the rewritten file compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vscale(float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] *= 2.0f;
}

#define CHECKED(call) \
  do {                \
    call;             \
  } while (0)

void run_checked(float* c, int n) {
  CHECKED(TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
                   vscale<$tile>(c, n)));
}

// CHECK:     void run_checked(float* c, int n) {
// CHECK-NEXT:  CHECKED(
// CHECK-NOT:   TILETUNE(space
// CHECK:       tiletune::
