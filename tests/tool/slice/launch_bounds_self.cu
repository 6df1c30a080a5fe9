// A kernel that names itself in its body (here its own address; a launch of itself is the same):
// with two more template parameters that name would no longer be the kernel, so it keeps the
// macro form of its launch bounds (TILETUNE_LAUNCH_BOUNDS, defined per configuration).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %{tiletune_checked} %s -o %t.checked.cu --device-check-cache %t.cache

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void halve(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 0.5f;
  if (n < 0) x[0] = static_cast<float>(reinterpret_cast<unsigned long long>(&halve<TILE>));
}

void run(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = 1, threads = $tile, halve<$tile>(x, n));
}

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #ifndef TILETUNE_LAUNCH_BOUNDS
// CHECK-NOT:  tiletune_max_threads
// CHECK:      TILETUNE_LAUNCH_BOUNDS __global__ void halve(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "halve<$tile>";
