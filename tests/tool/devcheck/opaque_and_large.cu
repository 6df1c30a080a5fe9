// A space built at run time cannot be enumerated: the check says it covered nothing there. A space
// of more than 64 instantiations gets every axis value, not every combination, and says so.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int A, int B>
__global__ void pair(float* x) {
  x[threadIdx.x] = A * B;
}

void run(float* x, tiletune::Space space) {
  TILETUNE(space = space, blocks = 1, threads = 128, pair<$a, $b>(x));
  TILETUNE(space = (a = (1, 2, 3, 4, 5, 6, 7, 8, 9), b = (1, 2, 3, 4, 5, 6, 7, 8, 9)),
           blocks = 1, threads = 128, pair<$a, $b>(x));
}

// CHECK: opaque_and_large.cu:14:3: note: the device check covered nothing for this site: its space is built at run time; its device code is compiled at the first launch
// CHECK: opaque_and_large.cu:15:3: note: the device check compiled 17 of the 81 instantiations of this site: every axis value, not every combination
// CHECK: tiletune: device check of opaque_and_large.cu:15: compiled 17 instantiations in 1 NVRTC programs for sm_75
