// A host template first declared in an included header and defined here with the annotation (a
// library's launcher, declared in its .h): Clang keeps the instantiations with the header's first
// declaration, and each still gets its site's specialisation here. The output compiles.
// RUN: %tiletune %s -o %t.cu -- -I%S/Inputs/declared
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -I%S/Inputs/declared -c %t.cu -o %t.o

#include <tiletune/tiletune.h>
#include "launchers.h"

template <typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * 2;
}

template <typename T>
void scale_all(T* x, int n, cudaStream_t s) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, stream = s,
           restore = (x, n * sizeof(T)), scale<T>(x, n));
}
// CHECK: {{^}}struct tiletune_site_[[#FUNCTION:@LINE-3]]_3_for<float> {
// CHECK: {{^}}struct tiletune_site_[[#FUNCTION]]_3_for<double> {
template void scale_all<float>(float*, int, cudaStream_t);
template void scale_all<double>(double*, int, cudaStream_t);

template <typename T>
void Shifter<T>::run(T* x, int n, cudaStream_t s) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, stream = s,
           restore = (x, n * sizeof(T)), scale<T>(x, n));
}
// CHECK: {{^}}struct tiletune_site_[[#MEMBER:@LINE-3]]_3_for<int> {
template struct Shifter<int>;
