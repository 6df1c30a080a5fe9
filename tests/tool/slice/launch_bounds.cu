// A kernel takes the configuration's launch bounds only where `threads =` is fixed per
// configuration, that is evaluates from the space alone. A block size that follows a run-time
// value could exceed the bounds a configuration was compiled with, so such a kernel gets none; nor
// does one with its own __launch_bounds__. The bounds are the kernel's two leading template
// parameters (a kernel that is no template becomes one, on every declaration), which the name
// expression passes, so that configurations of different bounds share NVRTC programs (issue 32).
// Where that would change what the slice means (an extern "C" kernel, which cannot be a template;
// a template with an explicit specialization, which names its parameters as they are), the kernel
// carries TILETUNE_LAUNCH_BOUNDS instead, which the runtime defines per configuration.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// The device check compiles every slice with NVRTC, as the first launch would.
// RUN: %{tiletune_checked} %s -o %t.checked.cu --device-check-cache %t.cache

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

__global__ void plain(float* x, int n);

__global__ void plain(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.0f;
}

extern "C" __global__ void c_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 1.0f;
}

template <int TILE>
__global__ void specialized(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = TILE;
}

template <>
__global__ void specialized<1>(float* x, int n) {
  if (n > 0) x[0] = 1.0f;
}

void run(float* x, int n, int block) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           fixed_block<$tile>(x, n));
  TILETUNE(space = (tile = (1, 2)), blocks = cld(n, block), threads = block,
           runtime_block<$tile>(x, n));
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           own_bounds<$tile>(x, n));
  TILETUNE(space = (tile = (64, 128), occupancy = (1, 2)), blocks = cld(n, $tile),
           threads = $tile, plain(x, n));
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, c_kernel(x, n));
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           specialized<$tile>(x, n));
}

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      template <int tiletune_max_threads, int tiletune_min_blocks, int TILE>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void fixed_block(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "fixed_block<$@max_threads, $@min_blocks, $tile>";

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  tiletune_max_threads
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      __global__ void runtime_block(float* x, int n) {
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "runtime_block<$tile>";

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  tiletune_max_threads
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      __global__ void __launch_bounds__(1024) own_bounds(float* x, int n) {
// CHECK-NOT:  TILETUNE_LAUNCH_BOUNDS
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "own_bounds<$tile>";

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #line [[#]] "{{.*}}launch_bounds.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks> __global__ void plain(float* x, int n);
// CHECK-NEXT: #line [[#]] "{{.*}}launch_bounds.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks> __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void plain(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "plain<$@max_threads, $@min_blocks>";

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #ifndef TILETUNE_LAUNCH_BOUNDS
// CHECK-NEXT: #define TILETUNE_LAUNCH_BOUNDS
// CHECK-NEXT: #endif
// CHECK:      extern "C" TILETUNE_LAUNCH_BOUNDS __global__ void c_kernel(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "c_kernel";

// CHECK:      static const char tiletune_site_[[#]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #ifndef TILETUNE_LAUNCH_BOUNDS
// CHECK-NOT:  tiletune_max_threads
// CHECK:      TILETUNE_LAUNCH_BOUNDS __global__ void specialized(float* x, int n) {
// CHECK:      )tiletune";
// CHECK:      info.name_expression = "specialized<$tile>";
