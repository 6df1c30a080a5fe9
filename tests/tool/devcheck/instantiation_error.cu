// An error only NVRTC sees: the kernel template fails for one `$tile` value, which the host parse
// never instantiates. It is reported at the user's file:line, the tool exits 1 and writes nothing.
// RUN: rm -rf %t.cu %t.d %t.cache
// RUN: not %{tiletune_checked} %s -o %t.cu --depfile %t.d --device-check-cache %t.cache -- -I%{tiletune_include} > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: test ! -e %t.cu && test ! -e %t.d && test ! -e %t.cache
// A failure is not cached: the second run reports it again.
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s
// --no-device-check skips the check: the same file is rewritten.
// RUN: %{tiletune_checked} %s -o %t.cu --no-device-check --verbose --device-check-cache %t.cache -- -I%{tiletune_include} > %t.skip 2>&1
// RUN: test -s %t.cu && test ! -e %t.cache
// RUN: FileCheck %s --check-prefix=SKIP --allow-empty --input-file=%t.skip

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  static_assert(TILE <= 256, "a tile is at most 256 threads");
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (128, 256, 512)), blocks = cld(n, $tile), threads = $tile, stream = s,
           scale<$tile>(x, n));
}

// CHECK: instantiation_error.cu:18:3: error: NVRTC: static assertion failed with "a tile is at most 256 threads"
// CHECK: note: NVRTC: detected during instantiation of "void scale<tiletune_max_threads,tiletune_min_blocks,TILE>(float *, int) [with tiletune_max_threads=512, tiletune_min_blocks=0, TILE=512]"
// CHECK: instantiation_error.cu:24:3: note: in the device code of this TILETUNE site, compiled with NVRTC as the first launch would ({{.*}}`scale<(512), (0), (512)>`); --no-device-check skips this check
// SKIP-NOT: device check
