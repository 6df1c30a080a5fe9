// Declarations whose CUDA specifiers are written under a conditional of their own, as a course's
// files that build a serial and a CUDA program from one source write them (parallel-etudes'
// cuda-mandelbrot.cu: `#ifndef SERIAL` / `__constant__` / `#endif` / `pixel_t colors[] = ...`).
// A declaration begins at its first token, inside the group: its text held the #endif (and an
// #else with the branch the preprocessor skipped) without the #if, and NVRTC refused the slice
// ("the #if for this directive is missing"). The slice now holds what the parse took of a group
// it holds only part of: those directive lines and the skipped branch become blanks. A group
// wholly inside a declaration stays as written, for NVRTC to choose.
// RUN: %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} -arch=sm_90
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cstdint>

typedef struct __attribute__((__packed__)) {
  uint8_t r, g, b;
} pixel_t;

#ifndef SERIAL
__constant__
#else
static const
#endif
pixel_t colors[] = {{66, 30, 15}, {25, 7, 26}, {9, 1, 47}};

#ifndef SERIAL
__constant__
#endif
int NCOLORS = sizeof(colors) / sizeof(colors[0]);

#ifndef SERIAL
__device__ __host__
#endif
int clamp_index(int i, int n) {
#ifdef __CUDA_ARCH__
  return min(max(i, 0), n - 1);
#else
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
#endif
}

__global__ void paint(pixel_t* out, const int* iterations, int n) {
  int i = clamp_index(blockIdx.x * blockDim.x + threadIdx.x, n);
  out[i] = colors[iterations[i] % NCOLORS];
}

void run(pixel_t* out, const int* iterations, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, paint(out, iterations, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK:      {{^}}__constant__{{$}}
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: {{^}}pixel_t colors[] = {{[{][{]}}66, 30, 15}, {25, 7, 26}, {9, 1, 47}};
// CHECK:      {{^}}__constant__{{$}}
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: {{^}}int NCOLORS = sizeof(colors) / sizeof(colors[0]);
// CHECK:      {{^}}__device__ __host__{{$}}
// CHECK-NEXT: {{^ +$}}
// CHECK-NEXT: {{^}}int clamp_index(int i, int n) {
// CHECK-NEXT: {{^}}#ifdef __CUDA_ARCH__
// CHECK-NEXT: {{^}}  return min(max(i, 0), n - 1);
// CHECK-NEXT: {{^}}#else
