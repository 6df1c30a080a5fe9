// A lambda written with `__device__` inside a __device__ function template (cudacodes' softmax:
// `blockReduce(val, smem, identity, [] __device__(T a, T b) { return a + b; })` in a header):
// nvcc takes it with --extended-lambda, NVRTC 13.0 has no such option and refused every
// configuration ("__host__ or __device__ annotation on lambda requires --extended-lambda"). A
// lambda in device code is a device lambda without the annotation, so the slice drops it there;
// the host function's extended lambda (passed to no kernel here) is not the slice's. NVRTC
// compiles each configuration (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --extended-lambda -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <typename T, typename Op>
__device__ T combine(T a, T b, Op op) {
  return op(a, b);
}

template <typename T>
__device__ T pair_max(T a, T b) {
  return combine(a, b, [] __device__(T x, T y) { return x > y ? x : y; });
}

__global__ void reduce_pairs(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto twice = [] __host__ __device__(float v) { return 2.0f * v; };
  if (i < n) y[i] = twice(pair_max(x[2 * i], x[2 * i + 1]));
}

void run(const float* x, float* y, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, reduce_pairs(x, y, n));
}
// The slice, as the tool writes it into the output: each lambda without its annotation.
// CHECK: combine(a, b, []  (T x, T y) { return x > y ? x : y; });
// CHECK: auto twice = []   (float v) { return 2.0f * v; };
