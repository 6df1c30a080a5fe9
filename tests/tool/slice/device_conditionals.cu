// Conditionals on the device compiler's macros stay conditionals in the slice, so NVRTC takes the
// device branch the host parse skipped: a launch-bounds minimum defined per branch keeps its
// device value (2, not the host's 1), a macro its condition uses comes first, an #include of
// <cuda/barrier> under `#if __CUDA_ARCH__` reaches the slice, and a host-only #include is left out.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// The slice alone, compiled for the device as NVRTC would: the device branch is taken.
// RUN: sed -n '/_source\[\] = R"tiletune(/,/)tiletune"/{p;/)tiletune"/q;}' %t.cu | sed -e '1s/.*R"tiletune(//' -e '$d' > %t.slice.cu
// RUN: echo 'template __global__ void k<64>(float*, int);' >> %t.slice.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -diag-suppress 20054 -ptx %t.slice.cu -o %t.ptx
// RUN: FileCheck --check-prefix=PTX %s --input-file=%t.ptx

#include <tiletune/tiletune.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#include <cuda/barrier>
#endif

#ifndef __CUDACC_RTC__
#include <stdio.h>
#endif

#define DEVICE_MIN_BLOCKS 2

#ifdef __CUDA_ARCH__
#define MIN_BLOCKS DEVICE_MIN_BLOCKS
#else
#define MIN_BLOCKS 1
#endif

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS) k(float* out, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
#endif
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) out[i] *= 2.0f;
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
// CHECK-NEXT: #include <cuda/barrier>
// CHECK-NEXT: #endif
// CHECK-NEXT: #define DEVICE_MIN_BLOCKS 2
// CHECK-NEXT: #ifdef __CUDA_ARCH__
// CHECK-NEXT: #define MIN_BLOCKS DEVICE_MIN_BLOCKS
// CHECK-NEXT: #else
// CHECK-NEXT: #define MIN_BLOCKS 1
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 32 "{{.*}}device_conditionals.cu"
// CHECK-NEXT: template <int BLOCK>
// CHECK-NEXT: __global__ void __launch_bounds__(BLOCK, MIN_BLOCKS) k(float* out, int n) {
// CHECK-NEXT: #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
// CHECK-NOT:  stdio.h
// CHECK:      )tiletune"

// PTX: .minnctapersm 2
// PTX: mbarrier.init
