// An annotated launcher found through -I; the .cu files that include it hold no annotation.
#pragma once

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void halve(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 0.5f;
}

inline void halve_all(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           halve<$tile>(x, n));
}
