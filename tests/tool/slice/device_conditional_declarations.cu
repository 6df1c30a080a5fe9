// Declarations that differ between the branches of a conditional on the device compiler's
// macros: the parse saw only the host branch's, so the slice carries the whole group (both
// branches, with the macro its condition uses) and NVRTC takes the device one: the accumulator
// is a float (not a double), the scale 3 (not 5) and the exponential the device's __expf (the host
// and device one, which calls std::exp and would be refused, is not followed: its uses say nothing
// of the device branch).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// The slice alone, compiled for the device as NVRTC would: the device branch is taken.
// RUN: sed -n '/_source\[\] = R"tiletune(/,/)tiletune"/{p;/)tiletune"/q;}' %t.cu | sed -e '1s/.*R"tiletune(//' -e '$d' > %t.slice.cu
// RUN: echo 'template __global__ void k<64, 0, 64>(float*, int);' >> %t.slice.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -diag-suppress 20054 -ptx %t.slice.cu -o %t.ptx
// RUN: FileCheck --check-prefix=PTX %s --input-file=%t.ptx

#include <tiletune/tiletune.h>

#include <cmath>

#define ON_DEVICE defined(__CUDA_ARCH__)

#ifdef __CUDA_ARCH__
typedef float accumulator;
#else
typedef double accumulator;
#endif

#if ON_DEVICE
constexpr float kScale = 3.0f;
#else
constexpr float kScale = 5.0f;
#endif

#ifdef __CUDA_ARCH__
__device__ inline float fast_exp(float x) { return __expf(x); }
#else
__host__ __device__ inline float fast_exp(float x) { return std::exp(x); }
#endif

// One branch only: host and NVRTC see the same declaration, which goes in as usual, alone.
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
__device__ inline float twice(float x) { return 2.0f * x; }
#endif

template <int BLOCK>
__global__ void k(float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  accumulator a = out[i];
  if (i < n) out[i] = twice(fast_exp(a * kScale));
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #line 22 "device_conditional_declarations.cu"
// CHECK-NEXT: #ifdef __CUDA_ARCH__
// CHECK-NEXT: typedef float accumulator;
// CHECK-NEXT: #else
// CHECK-NEXT: typedef double accumulator;
// CHECK-NEXT: #endif
// CHECK-NEXT: #define ON_DEVICE defined(__CUDA_ARCH__)
// CHECK-NEXT: #line 28 "device_conditional_declarations.cu"
// CHECK-NEXT: #if ON_DEVICE
// CHECK-NEXT: constexpr float kScale = 3.0f;
// CHECK-NEXT: #else
// CHECK-NEXT: constexpr float kScale = 5.0f;
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 34 "device_conditional_declarations.cu"
// CHECK-NEXT: #ifdef __CUDA_ARCH__
// CHECK-NEXT: __device__ inline float fast_exp(float x) { return __expf(x); }
// CHECK-NEXT: #else
// CHECK-NEXT: __host__ __device__ inline float fast_exp(float x) { return std::exp(x); }
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 42 "device_conditional_declarations.cu"
// CHECK-NEXT: __device__ inline float twice(float x) { return 2.0f * x; }
// CHECK-NEXT: #line 45 "device_conditional_declarations.cu"
// CHECK-NOT:  cmath
// CHECK:      )tiletune"

// PTX-NOT: .f64
// PTX:     mul.f32 {{.*}}0f40400000
// PTX:     ex2.approx
// PTX-NOT: .f64
