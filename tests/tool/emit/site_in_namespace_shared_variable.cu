// A launch in a function of a namespace whose kernel reads a __device__ struct of that namespace
// which the host writes with cudaMemcpyToSymbol (CSCS summer school's mini-app: `namespace
// operators { struct DiffusionParams {...}; __device__ DiffusionParams params; ... }`, one
// namespace holding the type, the variable, the kernels and the launch). The site names the
// variable (::operators::params) to copy it into the tuned module, so it goes before the function
// at namespace scope, inside the namespace, after what the namespace declared before it. Before,
// it went before the whole namespace, and nvcc refused the output ("namespace operators has no
// member params").
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

namespace operators {

struct Params {
  int nx;
  double alpha;
};

__device__ Params params;

void setup(int nx, double alpha) {
  Params p{nx, alpha};
  cudaMemcpyToSymbol(params, &p, sizeof(Params));
}

namespace kernels {
__global__ void scale(double* s, const double* u) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < params.nx) s[i] = params.alpha * u[i];
}
}  // namespace kernels

void apply(double* s, const double* u, int nx) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(nx, $t), threads = $t,
           kernels::scale(s, u));
}

}  // namespace operators
// CHECK: {{^}}__device__ Params params;
// CHECK: {{^}}void setup(int nx, double alpha) {
// CHECK: {{^}}// tiletune: launch sites below
// CHECK: {{^ +}}[] { return ::tiletune::symbol_memory(::operators::params, "::operators::params"); },
// CHECK: {{^}}void apply(double* s, const double* u, int nx) {
// CHECK: {{^}}}  // namespace operators
