// A kernel call may leave out the arguments the kernel gives defaults (PMPP's scan kernels,
// `T* S = NULL`): the launch passes each default as the constant it is, converted to its
// parameter as a written argument is, and keeps it out of the default key. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cstddef>

namespace ops {
enum class Mode { kCopy, kScale = 3 };
}

constexpr int kUnroll = 4;

__global__ void apply(float* y, const float* x, int n, float* partial = NULL, int unroll = kUnroll,
                      bool accumulate = false, float factor = 0.5f,
                      ops::Mode mode = ops::Mode::kScale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = mode == ops::Mode::kScale ? x[i] * factor * unroll : x[i];
  y[i] = accumulate ? y[i] + v : v;
  if (partial && threadIdx.x == 0) partial[blockIdx.x] = v;
}

template <typename T>
__global__ void scan(T* x, T* y, int n, T* S = NULL) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
  if (S != NULL && threadIdx.x == 0) S[blockIdx.x] = y[i];
}

void run(float* y, const float* x, int n, float* partial) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, apply(y, x, n));
  // CHECK: {{^ *}}::tiletune::launch<void (*)(float *, const float *, int, float *, int, bool, float, ops::Mode)>(
  // CHECK-NEXT: #line
  // CHECK-NEXT: {{^ *}}tiletune_site_{{[0-9]+}}_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(n))),
  // CHECK: {{^ *}}y, x, n, nullptr, 4ll, false, 0.5, static_cast<::ops::Mode>(3ll))
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           apply(y, x, n, partial, 2));
  // CHECK: {{^ *}}::tiletune::bucket(static_cast<long long>(2))),
  // CHECK: {{^ *}}y, x, n, partial, 2, false, 0.5, static_cast<::ops::Mode>(3ll))
}

template <typename T>
void scan_all(T* x, T* y, int n) {
  TILETUNE(space = (t = (256, 512)), blocks = 1, threads = $t, shmem = 2 * $t * sizeof(T),
           scan<T>(x, y, n));
}
// CHECK: {{^ *}}x, y, n, nullptr)
template void scan_all<int>(int*, int*, int);
