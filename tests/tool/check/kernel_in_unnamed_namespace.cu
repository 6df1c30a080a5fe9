// A kernel in an anonymous or inline namespace is found as a call names it, from the namespace
// around it (a file's own kernels kept out of other translation units: `namespace { __global__
// ... }`), and launched by the name NVRTC finds from the global scope. NVRTC compiles every site
// (the device check is on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

namespace {
template <int BLOCK>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] *= 2;
}
}  // namespace

namespace ops {
namespace {
__global__ void shift(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}
}  // namespace
inline namespace v2 {
__global__ void negate(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = -x[i];
}
}  // namespace v2

void run_shift(float* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, shift(x, n));
}
// CHECK: info.name_expression = "ops::shift";
}  // namespace ops

void run(float* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, scale<$t>(x, n));
  // CHECK: info.name_expression = "scale<$t>";
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, ops::shift(x, n));
  // CHECK: info.name_expression = "ops::shift";
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, ops::negate(x, n));
  // CHECK: info.name_expression = "ops::negate";
}
