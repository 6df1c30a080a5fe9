// cuRAND's device API in a tuned kernel (a Philox state per thread, curand_init, curand_uniform4:
// RussWong/CUDATutorial's fused dropout): NVRTC compiles <curand_kernel.h> (CUDA 13), so the slice
// includes it as written (before, the use was refused: "declared in <curand_kernel.h>, which NVRTC
// cannot compile"); NVRTC compiles each configuration (the device check is on), nvcc the rewritten
// file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <curand_kernel.h>

template <typename T>
__global__ void dropout(const T* x, T* y, unsigned char* mask, int n, float p, int seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, i, 0, &state);
  float r = curand_uniform4(&state).x;
  if (i < n) {
    mask[i] = r >= p;
    y[i] = mask[i] ? x[i] / (1.0f - p) : T(0);
  }
}

void run(const float* x, float* y, unsigned char* mask, int n, float p, int seed) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t,
           dropout<float>(x, y, mask, n, p, seed));
}
// CHECK: Device source sliced by tiletune.
// CHECK-NEXT: {{^}}#include <curand_kernel.h>
