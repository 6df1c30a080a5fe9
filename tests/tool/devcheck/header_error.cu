// An NVRTC error in the user's header is reported at the header's line, by its path in this parse.
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -I%S/Inputs 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include "tile_ops.h"

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = tile_scale<TILE>(x[i]);
}

void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 96, 128)), blocks = cld(n, $tile), threads = $tile, stream = s,
           scale<$tile>(x, n));
}

// CHECK: {{.*}}Inputs/tile_ops.h:6:3: error: NVRTC: static assertion failed with "a tile is a multiple of 64"
// CHECK: header_error.cu:15:3: note: in the device code of this TILETUNE site, compiled with NVRTC as the first launch would ({{.*}}`scale<(96), (0), (96)>`
