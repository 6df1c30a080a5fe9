// The check builds machine code for the architecture the build targets and holds each
// configuration's to what a block may have there: a note counts those that cannot run (too much
// static shared memory, which ptxas refuses; a stack past the 512 KB a thread may have) and says
// why; when no configuration can run, it is an error. A cached pass says it again.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefixes=CHECK,COLD
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefixes=CHECK,CACHED
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_90 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -DNONE_RUNS 2>&1 | FileCheck %s --check-prefix=NONE

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void staged(float* x) {
  __shared__ float tile[TILE * 16];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[TILE * 16 - 1 - threadIdx.x];
}

template <int N>
__global__ void deep(float* x, int k) {
  volatile float local[N];
  for (int i = 0; i < N; ++i) local[i] = x[i];
  x[threadIdx.x] = local[k];
}

template <int A, int B>
__global__ void wide(float* x) {
  __shared__ float tile[A * 1500 + B];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[A * 1500 + B - 1 - threadIdx.x];
}

void run(float* x, int k) {
  TILETUNE(space = (tile = (64, 512, 1024)), blocks = 1, threads = $tile, staged<$tile>(x));
  TILETUNE(space = (n = (1000, 200000)), blocks = 1, threads = 128, deep<$n>(x, k));
  TILETUNE(space = (a = (1, 2, 3, 4, 5, 6, 7, 8, 9), b = (1, 2, 3, 4, 5, 6, 7, 8, 9)),
           blocks = 1, threads = 128, wide<$a, $b>(x));
#ifdef NONE_RUNS
  TILETUNE(space = (tile = (1024, 2048)), blocks = 1, threads = 1024, staged<$tile>(x));
#endif
}

// CHECK: cannot_run.cu:37:3: note: 1 of the 3 configurations of this site cannot run on sm_75 (tile=1024: 65536 bytes of static shared memory, more than the 49152 (48 KB) a block may have): the first launch skips them; leave them out with `where` or narrow an axis
// COLD: tiletune: device check of cannot_run.cu:37: compiled 3 instantiations in 1 NVRTC programs for sm_75
// CACHED: tiletune: device check of cannot_run.cu:37: passed before
// CHECK: cannot_run.cu:38:3: note: 1 of the 2 configurations of this site cannot run on sm_75 (n=200000: 800000 bytes of stack per thread, more than the 524288 (512 KB) of local memory a thread may have): the first launch skips them
// CHECK: cannot_run.cu:39:3: note: the device check compiled 17 of the 81 instantiations of this site: every axis value, not every combination
// CHECK: cannot_run.cu:39:3: note: 1 of the 17 configurations the device check built (of 81) cannot run on sm_75 (a=9 b=1: 54004 bytes of static shared memory, more than the 49152 (48 KB) a block may have): the first launch skips them

// SM90: cannot_run.cu:37:3: note: 1 of the 3 configurations of this site cannot run on sm_90 (tile=1024: 65536 bytes

// NONE: cannot_run.cu:42:3: error: none of the 2 configurations of this site can run on sm_75 (tile=1024: 65536 bytes of static shared memory, more than the 49152 (48 KB) a block may have; tile=2048: 131072 bytes of static shared memory, more than the 49152 (48 KB) a block may have): the first launch would have nothing to launch; change the space, or the kernel's use of shared memory, registers or stack
