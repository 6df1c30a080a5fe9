// A __device__ function (or a function template's specialization) as a template argument: of the
// kernel at the site (`copy<copy_one_f32_f16, $block>`, `&`, qualified, by reference), and of a
// class template the kernel uses. The slice carries each function named (every overload of the
// name: the argument picks one), and NVRTC compiles every instantiation (the device check is on).
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_fp16.h>

typedef void (*copy_fn)(const char* src, char* dst);

__device__ void copy_one_f32_f16(const char* src, char* dst) {
  *reinterpret_cast<__half*>(dst) = __float2half(*reinterpret_cast<const float*>(src));
}

template <typename T>
__device__ void copy_one(const char* src, char* dst) {
  *reinterpret_cast<T*>(dst) = *reinterpret_cast<const T*>(src);
}

namespace ops {
__device__ float twice(float x) { return 2 * x; }
__device__ double twice(double x) { return 2 * x; }
}  // namespace ops

__device__ float thrice(float x) { return 3 * x; }

template <float (*F)(float)>
struct Apply {
  __device__ float operator()(float x) const { return F(x); }
};

template <copy_fn COPY, int BLOCK>
__global__ void copy(const char* src, char* dst, int n, int width) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) COPY(src + 4 * i, dst + width * i);
}

template <int BLOCK, float (&G)(float)>
__global__ void apply(float* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] = Apply<thrice>()(G(x[i]));
}

void run(const char* src, char* dst, float* x, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           copy<copy_one_f32_f16, $block>(src, dst, n, 2));
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           copy<copy_one<float>, $block>(src, dst, n, 4));
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           copy<&copy_one<int>, $block>(src, dst, n, 4));
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           apply<$block, ops::twice>(x, n));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: __device__ void copy_one_f32_f16(
// CHECK: __global__ void copy(
// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: __device__ void copy_one(
// CHECK: __global__ void copy(
// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: __device__ void copy_one(
// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: namespace ops {
// CHECK: __device__ float twice(float x)
// CHECK: __device__ double twice(double x)
// CHECK: __device__ float thrice(
// CHECK: struct Apply {
// CHECK: __global__ void apply(
