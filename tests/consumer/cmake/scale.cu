#include <tiletune/tiletune.h>

#include "scale_kernel.h"

// The tool parses with the flags that change parsing, as nvcc does.
#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "the tool did not get --extended-lambda"
#endif
#if __cplusplus < 202002L
#error "the tool did not get the target's -std=c++20"
#endif

void scale_all(float* x, int n) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile,
           scale<float, $tile>(x, n));
}
