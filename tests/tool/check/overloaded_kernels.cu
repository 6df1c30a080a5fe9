// Of several __global__ overloads of a name, the launch means the one Clang resolves the call to,
// as nvcc's does; the slice holds that one alone, so its name is NVRTC's name expression. NVRTC
// compiles every site (the device check is on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

__global__ void axpy(float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += 2 * x[i];
}
__global__ void axpy(double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += 3 * x[i];
}

template <typename T>
void scaled(T* x, T* y, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           restore = (y, n * sizeof(T)), axpy(x, y, n));
}
template void scaled<double>(double*, double*, int);

void run(float* xf, float* yf, double* xd, double* yd, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (yf, n * sizeof(float)), axpy(xf, yf, n));
  // CHECK: {{^ *}}::tiletune::launch_with<void (*)(float *, float *, int)>(
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (yd, n * sizeof(double)), axpy(xd, yd, n));
  // CHECK: {{^ *}}::tiletune::launch_with<void (*)(double *, double *, int)>(
}
