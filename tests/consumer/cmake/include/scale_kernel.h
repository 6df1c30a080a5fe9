#pragma once

// A template over the element type too: the launch names its pointer type without naming a
// specialisation nvcc would expect this translation unit to define (built with -Werror).
template <class T, int TILE>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= SCALE_FACTOR;
}
