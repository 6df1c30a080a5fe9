// printf called from a __host__ __device__ function of the user's header resolves, in Clang's host
// compilation, to the host declaration <cstdio> (here through <string>) gives; CUDA overloads on
// the target, and its __device__ twin, which NVRTC has built in, is what the tuned kernel calls: no
// objection. A user macro whose body uses assert (expanded at the same place as assert) is carried.
// The device check compiles the slice for sm_90 and sm_75, both sides of the header's arch test.
// RUN: rm -rf %t.dump && mkdir %t.dump
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache --dump-device-sources %t.dump -- -I%S/Inputs/library -arch=sm_90
// RUN: cat %t.dump/*.json | FileCheck %s
// RUN: %{tiletune_checked} %s -o %t.75.cu --device-check-cache %t.cache -- -I%S/Inputs/library -arch=sm_75
// CHECK: #define LIB_UNREACHABLE(x)
// CHECK: LIB_UNREACHABLE(\"lib::Twice: negative input\\n\");

#include <tiletune/tiletune.h>
#include "checked_math.hpp"

template <int T>
__global__ void twice(float* x, int n) {
  int i = blockIdx.x * T + threadIdx.x;
  if (i < n) x[i] = lib::Twice::apply(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(float)), twice<$t>(x, n));
}
