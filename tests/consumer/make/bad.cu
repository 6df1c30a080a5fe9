#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void scale_all(float* x, int n) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tiles), threads = $tile, scale<$tile>(x, n));
}
