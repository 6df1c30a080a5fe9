#include <tiletune/tiletune.h>

#include "scale_kernel.h"

void scale_all(float* x, int n) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile,
           scale<$tile>(x, n));
}
