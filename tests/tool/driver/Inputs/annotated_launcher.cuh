// A launcher with its annotation in a header: the tool rewrites a copy of it beside its output.
#pragma once

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale_in_header(float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] *= 2.0f;
}

inline void scale_from_header(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           scale_in_header<$tile>(c, n));
}
