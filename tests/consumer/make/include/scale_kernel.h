#pragma once

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= SCALE_FACTOR;
}
