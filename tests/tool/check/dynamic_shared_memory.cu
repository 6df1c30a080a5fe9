// A kernel that uses `extern __shared__` memory (itself or through a function it calls) launched
// with no `shmem` would get 0 bytes: an error at the kernel's name with a note at the variable.
// With shmem given (0 included: the launch never touches it), nothing is said.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void staged(float* c, int n) {
  extern __shared__ float stage[];
  // CHECK-DAG: dynamic_shared_memory.cu:[[@LINE-1]]:27: note: declared here
  stage[threadIdx.x] = c[threadIdx.x];
  c[threadIdx.x] = stage[TILE - 1 - threadIdx.x];
}

extern __shared__ int scratch[];
// CHECK-DAG: dynamic_shared_memory.cu:[[@LINE-1]]:23: note: declared here
__device__ void through_helper(int* out) { out[threadIdx.x] = scratch[threadIdx.x]; }

__global__ void helped(int* out) { through_helper(out); }

void run(float* c, int* out, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, staged<$tile>(c, n));
  // CHECK-DAG: dynamic_shared_memory.cu:[[@LINE-1]]:81: error: 'staged' uses extern __shared__ 'stage', whose size is the launch's dynamic shared memory, but the annotation gives no shmem: every configuration would launch with 0 bytes; add shmem = <bytes> (it may use '$' values), or shmem = 0 if this launch never touches it
  TILETUNE(space = (tile = (64, 128)), blocks = 4, threads = $tile, helped(out));
  // CHECK-DAG: dynamic_shared_memory.cu:[[@LINE-1]]:69: error: 'helped' uses extern __shared__ 'scratch'
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, shmem = $tile * sizeof(float), staged<$tile>(c, n));
  TILETUNE(space = (tile = (64, 128)), blocks = 4, threads = $tile, shmem = 0, helped(out));
}
