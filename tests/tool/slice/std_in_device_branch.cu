// A `std::` name written only in a device branch (tiny-flash-attention's kernel traits choose
// their MMA atom with `std::conditional_t<std::is_same_v<elem_type, cutlass::half_t>, ...>` under
// `#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800`): the host parse takes the #else and never
// sees the names, so the slice mapped neither to libcu++ and NVRTC refused every configuration
// ("namespace "std" has no member "conditional_t""). The slice carries the group's text for NVRTC
// to choose, and now maps the standard library names the device branch qualifies with `std::` as
// it maps any other use of them. NVRTC compiles each configuration (the device check is on), nvcc
// the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -std=c++17 -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <type_traits>

template <typename T>
struct Traits {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using Acc = std::conditional_t<std::is_same_v<T, float>, double, float>;
#else
  using Acc = float;
#endif
};

template <typename T, int B>
__global__ void scale(T* out, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) out[i] = T(typename Traits<T>::Acc(out[i]) * 2);
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<float, $b>(out, n));
}
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::conditional_t; }
// CHECK-DAG: {{^}}namespace tiletune_cuda_std { using cuda::std::is_same_v; }
// CHECK-DAG: {{^}}#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
