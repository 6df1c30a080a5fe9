// A header as a GPU vendor's samples write one: kernel and launcher together, the launcher
// annotated; a plain one and a template that each including file instantiates as it needs.
#pragma once

#include <tiletune/tiletune.h>

template <int TILE, class T>
__global__ void scale(T* x, int n, T factor) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= factor;
}

inline void scale_floats(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           scale<$tile, float>(x, n, 2.0f));
}

template <class T>
void scale_any(T* x, int n) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile,
           scale<$tile, T>(x, n, T(3)));
}
