// A site tunes one kernel: where a template's instantiations resolve the call to different
// __global__ overloads (check/overloaded_kernels.cu: one overload per site is launched), the error
// says so, with a note at each overload.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

__global__ void axpy(float* x, float* y, int n) {}
// CHECK-DAG: overloaded_kernels_per_instantiation.cu:[[@LINE-1]]:17: note: candidate here
__global__ void axpy(double* x, double* y, int n) {}
// CHECK-DAG: overloaded_kernels_per_instantiation.cu:[[@LINE-1]]:17: note: candidate here

template <typename T>
void scaled(T* x, T* y, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, axpy(x, y, n));
  // CHECK-DAG: overloaded_kernels_per_instantiation.cu:[[@LINE-1]]:72: error: 'axpy' names 2 kernels, and the template's instantiations launch different ones; a site tunes one kernel: give the overloads different names, or make them one kernel template
}
template void scaled<double>(double*, double*, int);
template void scaled<float>(float*, float*, int);
