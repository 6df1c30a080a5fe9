// A member of a class template declared in an included header and defined here with its
// annotation, the class instantiated by its use in this file (no explicit instantiation): Clang
// keeps the class's instantiations, and the members it instantiated in them, with the header's
// declaration; each instantiated member still gets its site's specialisation here, a member of a
// partial specialisation too. Before, none did, and nvcc refused the output ("incomplete type
// tiletune_site_..._for<float>"; SHOC's Stencil2D). The output compiles.
// RUN: %tiletune %s -o %t.cu -- -I%S/Inputs/declared
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -I%S/Inputs/declared -c %t.cu -o %t.o

#include <tiletune/tiletune.h>
#include "stencils.h"

template <typename T>
__global__ void add(T* x, int n, T w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += w;
}

template <typename T>
void CudaStencil<T>::operator()(T* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(T)), add(x, n, this->weight));
}
// CHECK-DAG: {{^}}struct tiletune_site_[[#CALL:@LINE-3]]_3_for<float> {
// CHECK-DAG: {{^}}struct tiletune_site_[[#CALL]]_3_for<double> {

template <typename T>
void Strided<T, 2>::run(T* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, 2 * $t), threads = $t,
           restore = (x, n * sizeof(T)), add(x, n, T(2)));
}
// CHECK-DAG: {{^}}struct tiletune_site_[[#PARTIAL:@LINE-3]]_3_for<int> {

void use(float* f, double* d, int* i, int n) {
  CudaStencil<float> sf(1.0f);
  sf(f, n);
  CudaStencil<double> sd(1.0);
  sd(d, n);
  Strided<int, 2> si;
  si.run(i, n);
}
