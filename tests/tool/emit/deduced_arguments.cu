// Template arguments the annotation leaves out are deduced from the call's arguments, as Clang
// deduces them at a launch: the name expression spells them after the written ones (which keep
// their `$`), the pointer type is the deduced specialisation's, and the site's identity covers
// them. Partly deduced (the mask's element type), fully deduced, and deduced inside a template per
// instantiation. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_fp16.h>

template <bool USE_MASK, int NCOLS, typename T>
__global__ void soft_max(const float* x, const T* mask, float* dst, int ncols) {
  int col = threadIdx.x;
  if (col >= ncols) return;
  float v = x[blockIdx.x * ncols + col];
  if (USE_MASK) v += static_cast<float>(mask[col]);
  dst[blockIdx.x * ncols + col] = v;
}

template <typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] + x[i];
}

void partly(const float* x, const half* mask, float* dst, int rows, int ncols) {
  TILETUNE(space = (threads = (32, 64)), blocks = rows, threads = $threads,
           soft_max<true, 0>(x, mask, dst, ncols));
}
// CHECK: {{^ +}}info.kernel = "soft_max<true, 0, __half>";
// CHECK: {{^ +}}info.name_expression = "soft_max<$@max_threads, $@min_blocks, true, 0, __half>";
// CHECK: {{^ *}}::tiletune::launch<void (*)(const float *, const __half *, float *, int)>(

void fully(float* a, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block, scale(a, n));
}
// CHECK: {{^ +}}info.id = "[[FLOAT_ID:[0-9a-f]+]]";
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, float>";
// CHECK: {{^ *}}::tiletune::launch<void (*)(float *, int)>(

// The same annotation text and slice with another deduced type: another identity.
void fully_double(double* a, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block, scale(a, n));
}
// CHECK-NOT: {{^ +}}info.id = "[[FLOAT_ID]]";
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, double>";

template <int NCOLS, typename T>
void launcher(const float* x, const T* mask, float* dst, int rows, int ncols) {
  TILETUNE(space = (threads = (32, 64)), blocks = rows, threads = $threads,
           soft_max<NCOLS != 0, NCOLS>(x, mask, dst, ncols));
}
// CHECK: {{^ *}}struct tiletune_site_[[#LINE:]]_3_for<0, float> {
// CHECK-NEXT: {{^ +}}using kernel = void (*)(const float *, const float *, float *, int);
// CHECK: {{^ +}}info.name_expression = "soft_max<$@max_threads, $@min_blocks, false, 0, float>";
// CHECK: {{^ *}}struct tiletune_site_[[#LINE]]_3_for<32, ::__half> {
// CHECK: {{^ +}}info.name_expression = "soft_max<$@max_threads, $@min_blocks, true, 32, __half>";

void run(const float* x, const float* fmask, const half* hmask, float* dst, int rows) {
  launcher<0>(x, fmask, dst, rows, 32);
  launcher<32>(x, hmask, dst, rows, 32);
}
