// Found through -I, guarded by a macro rather than #pragma once; it includes a header beside it
// by a relative path, which its copy (elsewhere) must still find.
#ifndef LIB_GUARDED_CUH
#define LIB_GUARDED_CUH

#include <tiletune/tiletune.h>

#include "detail.cuh"

__global__ void shift(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += kShift;
}

inline void shift_all(float* x, int n, cudaStream_t stream) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           stream = stream, shift(x, n));
}

#endif
