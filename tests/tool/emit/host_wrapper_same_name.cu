// A host wrapper with the kernel's name does not make the launch ambiguous: only the __global__
// function can be launched.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void scale(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, stream = s,
           scale<$tile>(x, n));
}
// CHECK: ::tiletune::launch<void (*)(float *, int)>(
// CHECK-NEXT: tiletune_site_[[#@LINE-4]]_3,
