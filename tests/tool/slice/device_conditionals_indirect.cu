// Conditionals that reach the device compiler's macros only through a user macro, or through
// #elifdef/#elifndef, stay conditionals in the slice, with the user macros their conditions
// expand defined first, so NVRTC takes the device branch the host parse skipped: the minimum
// blocks (2, not 1), the scale (3, not 5) and the bias (7, not 9) are the device's. NVRTC (CUDA
// 13.0) does not know #elifdef/#elifndef, so the slice spells them `#elif [!]defined`. (The
// rewritten file is not compiled here: it holds the user's #elifdef, which nvcc's host compiler
// may not know either.)
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// The slice alone, compiled for the device as NVRTC would: the device branches are taken.
// RUN: sed -n '/_source\[\] = R"tiletune(/,/)tiletune"/{p;/)tiletune"/q;}' %t.cu | sed -e '1s/.*R"tiletune(//' -e '$d' > %t.slice.cu
// RUN: echo 'template __global__ void k<64>(float*, int);' >> %t.slice.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -diag-suppress 20054 -ptx %t.slice.cu -o %t.ptx
// RUN: FileCheck --check-prefix=PTX %s --input-file=%t.ptx

#include <tiletune/tiletune.h>

#define ON_DEVICE defined(__CUDA_ARCH__)
#define ARCH_OF_DEVICE __CUDA_ARCH__
#define ARCH ARCH_OF_DEVICE

#if ON_DEVICE
#define MIN_BLOCKS 2
#else
#define MIN_BLOCKS 1
#endif

#if ARCH >= 800
#define SCALE 3.0f
#else
#define SCALE 5.0f
#endif

#if defined(TILETUNE_TEST_NEVER_DEFINED)
#define BIAS 11.0f
#elifdef __CUDA_ARCH__
#define BIAS 7.0f
#else
#define BIAS 9.0f
#endif

// The host takes the first branch, so Clang does not evaluate the #elifndef.
#if !defined(TILETUNE_TEST_NEVER_DEFINED)
#define STEP 1
#elifndef __CUDA_ARCH__
#define STEP 2
#endif

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS) k(float* out, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x * STEP;
  if (i < n) out[i] = out[i] * SCALE + BIAS;
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #define ON_DEVICE defined(__CUDA_ARCH__)
// CHECK-NEXT: #if ON_DEVICE
// CHECK-NEXT: #define MIN_BLOCKS 2
// CHECK-NEXT: #else
// CHECK-NEXT: #define MIN_BLOCKS 1
// CHECK-NEXT: #endif
// CHECK-NEXT: #if !defined(TILETUNE_TEST_NEVER_DEFINED)
// CHECK-NEXT: #define STEP 1
// CHECK-NEXT: #elif !defined __CUDA_ARCH__
// CHECK-NEXT: #define STEP 2
// CHECK-NEXT: #endif
// CHECK-DAG:  #define ARCH ARCH_OF_DEVICE
// CHECK-DAG:  #define ARCH_OF_DEVICE __CUDA_ARCH__
// CHECK-NEXT: #if ARCH >= 800
// CHECK-NEXT: #define SCALE 3.0f
// CHECK-NEXT: #else
// CHECK-NEXT: #define SCALE 5.0f
// CHECK-NEXT: #endif
// CHECK-NEXT: #if defined(TILETUNE_TEST_NEVER_DEFINED)
// CHECK-NEXT: #define BIAS 11.0f
// CHECK-NEXT: #elif defined __CUDA_ARCH__
// CHECK-NEXT: #define BIAS 7.0f
// CHECK-NEXT: #else
// CHECK-NEXT: #define BIAS 9.0f
// CHECK-NEXT: #endif
// CHECK-NEXT: #line 49 "device_conditionals_indirect.cu"
// CHECK:      )tiletune"

// PTX: .minnctapersm 2
// PTX: 0f40400000
// PTX: 0f40E00000
