// A cache of passes in a directory others may write is not trusted: anyone could have planted a
// pass there for a kernel that NVRTC rejects. The check compiles again, as with no cache, and
// records nothing there.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=CACHED
// RUN: chmod 0777 %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: chmod 0700 %t.cache && chmod 0666 %t.cache/*
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=COLD

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile, stream = s,
           scale<$tile>(x, n));
}

// COLD: tiletune: device check of untrusted_cache.cu:21: compiled 2 instantiations in {{[0-9]+}} NVRTC programs for sm_75
// CACHED: tiletune: device check of untrusted_cache.cu:21: passed before (cached {{[0-9a-f]+}})
