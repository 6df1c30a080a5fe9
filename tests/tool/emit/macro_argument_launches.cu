// An annotation passed as a macro argument (`CHECKED(TILETUNE(...))`) is resolved by Clang as
// one written in place: its deduced template arguments are spelled, and in a template each
// instantiation gets its site. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] + x[i];
}

#define CHECKED(call) \
  do {                \
    call;             \
  } while (0)

template <typename T>
void launch(T* x, int n) {
  CHECKED(TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale(x, n)));
}
// CHECK: {{^}}struct tiletune_site_[[#LINE:]]_11_for<double> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, double>";

void run(float* x, double* d, int n) {
  CHECKED(TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale(x, n)));
  launch(d, n);
}
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, float>";
