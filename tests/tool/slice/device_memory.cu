// Device memory the kernel uses is carried into the slice, not refused as host variables: dynamic
// shared memory declared `extern __shared__` at file scope and in the kernel, a static __shared__
// array, a __constant__ array and a __device__ global.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

__constant__ float kCoeff[4] = {1, 2, 3, 4};
__device__ unsigned g_visits;
extern __shared__ float file_scope_dynamic[];

template <int BLOCK>
__global__ void k(float* out, int n) {
  extern __shared__ float dynamic[];
  __shared__ float tile[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  dynamic[threadIdx.x] = i < n ? out[i] : 0.0f;
  tile[threadIdx.x] = dynamic[threadIdx.x] * kCoeff[i & 3] + file_scope_dynamic[BLOCK];
  __syncthreads();
  if (i < n) out[i] = tile[BLOCK - 1 - threadIdx.x];
  atomicAdd(&g_visits, 1u);
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           shmem = 2 * $b * sizeof(float), k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #line 10 "{{.*}}device_memory.cu"
// CHECK-NEXT: __constant__ float kCoeff[4] = {1, 2, 3, 4};
// CHECK-NEXT: #line 11 "{{.*}}device_memory.cu"
// CHECK-NEXT: __device__ unsigned g_visits;
// CHECK-NEXT: #line 12 "{{.*}}device_memory.cu"
// CHECK-NEXT: extern __shared__ float file_scope_dynamic[];
// CHECK-NEXT: #line 14 "{{.*}}device_memory.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int BLOCK>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void k(float* out, int n) {
// CHECK-NEXT:   extern __shared__ float dynamic[];
// CHECK-NEXT:   __shared__ float tile[BLOCK];
// CHECK:      )tiletune";
