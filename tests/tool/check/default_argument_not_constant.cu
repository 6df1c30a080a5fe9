// A kernel call may leave out arguments the kernel gives defaults, and the launch passes each as
// the constant it is; a default that is not a constant the launch site can hold (one that depends
// on a template parameter, the address of a variable, an object) is an error at the call that says
// to write the argument.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

struct Params {
  int stride = 1;
};

__device__ float fallback[4];

template <typename T>
__global__ void fill(T* y, int n, int bytes = sizeof(T)) {}
// CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:39: note: parameter declared here

__global__ void gather(float* y, int n, const float* table = fallback) {}
// CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:54: note: parameter declared here

__global__ void strided(float* y, int n, Params p = Params()) {}
// CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:49: note: parameter declared here

__global__ void two(float* y, int n, int m = 0) {}
// CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:17: note: kernel declared here

template <typename T>
void run_fill(T* y, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, fill<T>(y, n));
  // CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:72: error: the call leaves out parameter 'bytes' of 'fill', whose default argument is not a constant the tool can write at the launch (a null pointer, a number, an enumerator); write that argument in the call
}
template void run_fill<float>(float*, int);

void run(float* y, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, gather(y, n));
  // CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:72: error: the call leaves out parameter 'table' of 'gather'
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, strided(y, n));
  // CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:72: error: the call leaves out parameter 'p' of 'strided'
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, two(y));
  // CHECK-DAG: default_argument_not_constant.cu:[[@LINE-1]]:72: error: 'two' takes 2 to 3 arguments (the last with default arguments), but 1 is given
}
