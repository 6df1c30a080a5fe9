// The annotated launcher of lambda_from_other_header.cu, in a header, as moderngpu's cta_launch.
#pragma once
#include <tiletune/tiletune.h>

template <class F>
__global__ void each_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

template <class F>
void launch_each(int n, F f) {
  TILETUNE(space = (t = (128, 256)), blocks = (n + $t - 1) / $t, threads = $t, each_kernel(n, f));
}
