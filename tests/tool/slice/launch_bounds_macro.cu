// A kernel carries the configuration's launch bounds (TILETUNE_LAUNCH_BOUNDS, defined per
// configuration by the runtime) only where `threads =` is fixed per configuration, that is
// evaluates from the space alone. A block size that follows a run-time value could exceed the
// bounds a configuration was compiled with, so such a kernel gets none; nor does one with its own
// __launch_bounds__.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fixed_block(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

template <int TILE>
__global__ void runtime_block(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += TILE;
}

template <int TILE>
__global__ void __launch_bounds__(1024) own_bounds(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] -= 1.0f;
}

void run(float* x, int n, int block) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           fixed_block<$tile>(x, n));
  TILETUNE(space = (tile = (1, 2)), blocks = cld(n, block), threads = block,
           runtime_block<$tile>(x, n));
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           own_bounds<$tile>(x, n));
}

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #ifndef TILETUNE_LAUNCH_BOUNDS
// CHECK-NEXT: #define TILETUNE_LAUNCH_BOUNDS
// CHECK-NEXT: #endif
// CHECK:      TILETUNE_LAUNCH_BOUNDS __global__ void fixed_block(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      __global__ void runtime_block(float* x, int n) {
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      )tiletune";
// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      __global__ void __launch_bounds__(1024) own_bounds(float* x, int n) {
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      )tiletune";
