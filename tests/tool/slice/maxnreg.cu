// nvcc's __maxnreg__ on a kernel (which Clang 22 does not know, and must not warn about): the slice
// keeps it and adds no launch bounds, which NVRTC refuses beside it; an `occupancy` hint or axis,
// which the compiler meets by limiting registers, is an error at its column.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %tiletune %s -o %t.bad.cu -- -DOCCUPANCY 2>&1 | FileCheck %s --check-prefix=OCCUPANCY
// QUIET-NOT: {{.}}

#include <tiletune/tiletune.h>

#define REGISTERS(n) __maxnreg__(n)

template <int TILE>
__global__ void __maxnreg__(32) limited(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}
// OCCUPANCY-DAG: maxnreg.cu:[[@LINE-4]]:17: note: __maxnreg__ given here

template <int TILE>
REGISTERS(64) __global__ void through_macro(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

void run(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           limited<$tile>(x, n));
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           through_macro<$tile>(x, n));
#ifdef OCCUPANCY
  TILETUNE(space = (tile = (64, 128), occupancy = (1, 2)), blocks = cld(n, $tile),
           threads = $tile, limited<$tile>(x, n));
  // OCCUPANCY-DAG: maxnreg.cu:[[@LINE-2]]:39: error: the kernel's __maxnreg__ fixes its registers, which is how the compiler meets 'occupancy' (a minimum of blocks per multiprocessor): leave out 'occupancy', or __maxnreg__
#endif
}

// CHECK:      static const char tiletune_site_[[#]]_[[#]]_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  tiletune_max_threads
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      __global__ void __maxnreg__(32) limited(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "limited<$tile>";

// CHECK:      static const char tiletune_site_[[#]]_[[#]]_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  tiletune_max_threads
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      REGISTERS(64) __global__ void through_macro(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "through_macro<$tile>";
