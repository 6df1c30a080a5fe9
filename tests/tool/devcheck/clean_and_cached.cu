// A file whose every instantiation compiles passes, and the pass is kept: the second run compiles
// nothing (the cache line), and a cache file the tool did not write is not trusted.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: test -s %t.cu
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=CACHED
// RUN: for f in %t.cache/*; do echo "tiletune device check passed" > $f; done
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=COLD
// Another architecture is another check.
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_80 2>&1 | FileCheck %s --check-prefix=SM80

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (128, 256), occupancy = (1, 2)), blocks = cld(n, $tile),
           threads = $tile, stream = s, scale<$tile>(x, n));
}

// COLD: tiletune: device check of clean_and_cached.cu:21: compiled 4 instantiations in 1 NVRTC programs for sm_75
// CACHED: tiletune: device check of clean_and_cached.cu:21: passed before (cached {{[0-9a-f]+}})
// SM80: tiletune: device check of clean_and_cached.cu:21: compiled 4 instantiations in 1 NVRTC programs for sm_80
