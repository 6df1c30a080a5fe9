// Conditionals that reach the device compiler's macros in other ways stay conditionals in the
// slice too: through a user macro (`#if ON_DEVICE`, two macros deep), through #elifdef and through
// #elifndef (the host parse takes the other branches: SCALE 1, OFFSET 3, BIAS 5). The macros the
// condition names come first; NVRTC then takes the device branches.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#define COMPILING_DEVICE defined(__CUDA_ARCH__)
#define ON_DEVICE COMPILING_DEVICE

#if ON_DEVICE
#define SCALE 2.0f
#else
#define SCALE 1.0f
#endif

#ifdef TILETUNE_TEST_NEVER_DEFINED
#define OFFSET 0.0f
#elifdef __CUDA_ARCH__
#define OFFSET 1.0f
#else
#define OFFSET 3.0f
#endif

#if defined(TILETUNE_TEST_NEVER_DEFINED)
#define BIAS 0.0f
#elifndef __CUDA_ARCH__
#define BIAS 5.0f
#else
#define BIAS 7.0f
#endif

template <int BLOCK>
__global__ void k(float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) out[i] = out[i] * SCALE + OFFSET + BIAS;
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #define ON_DEVICE COMPILING_DEVICE
// CHECK-NEXT: #define COMPILING_DEVICE defined(__CUDA_ARCH__)
// CHECK-NEXT: #if ON_DEVICE
// CHECK-NEXT: #define SCALE 2.0f
// CHECK-NEXT: #else
// CHECK-NEXT: #define SCALE 1.0f
// CHECK-NEXT: #endif
// CHECK-NEXT: #ifdef TILETUNE_TEST_NEVER_DEFINED
// CHECK-NEXT: #define OFFSET 0.0f
// CHECK-NEXT: #elif defined __CUDA_ARCH__
// CHECK-NEXT: #define OFFSET 1.0f
// CHECK-NEXT: #else
// CHECK-NEXT: #define OFFSET 3.0f
// CHECK-NEXT: #endif
// CHECK-NEXT: #if defined(TILETUNE_TEST_NEVER_DEFINED)
// CHECK-NEXT: #define BIAS 0.0f
// CHECK-NEXT: #elif !defined __CUDA_ARCH__
// CHECK-NEXT: #define BIAS 5.0f
// CHECK-NEXT: #else
// CHECK-NEXT: #define BIAS 7.0f
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 36 "device_conditionals_user_macros.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int BLOCK>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void k(float* out, int n) {
