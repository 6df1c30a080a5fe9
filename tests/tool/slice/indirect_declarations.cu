// What the tuned code needs though it names it only indirectly (forms found in the real-code
// corpus: bbuf/elementwise, cutlass's cute):
// - a detection idiom's host member functions that nothing defines, named only in sizeof: kept,
//   and declared __host__ __device__ (NVRTC refuses a host function, even one only declared);
// - an explicit specialisation of a class template the kernel uses (Mul<half>): its primary comes
//   along (NVRTC: "Mul is not a template" without it);
// - an alias template named through a using-declaration in the user's namespace
//   (`using std::remove_reference_t;`): the using-declaration comes along, and std:: finds libcu++'s.
// NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <cuda_fp16.h>
#include <tiletune/tiletune.h>

#include <type_traits>

template <typename T>
struct HasApply2 {
  template <typename C>
  static char test(decltype(&C::Apply2));
  template <typename C>
  static long test(...);
  enum { value = sizeof(test<T>(0)) == 1 };
};

template <typename T>
struct Mul {
  __device__ T operator()(T x, T y) const { return x * y; }
  __device__ void Apply2(T* v) const { v[0] = v[0] * v[1]; }
};

template <>
struct Mul<half> {
  __device__ half operator()(half x, half y) const { return x * y; }
};

namespace mylib {
using std::remove_reference_t;
template <class T>
__device__ remove_reference_t<T> twice(T&& v) {
  return v + v;
}
}  // namespace mylib

template <int B, typename F, typename T>
__global__ void k(F f, T* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = mylib::twice(f(x[i], x[i]));
  if (HasApply2<F>::value && i == 0) x[0] = x[0];
}

void run(half* x, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b, k<$b>(Mul<half>(), x, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK:      namespace tiletune_cuda_std { using cuda::std::remove_reference_t; }
// CHECK:      struct HasApply2 {
// CHECK-NEXT:   template <typename C>
// CHECK-NEXT:   __host__ __device__ static char test(decltype(&C::Apply2));
// CHECK-NEXT:   template <typename C>
// CHECK-NEXT:   __host__ __device__ static long test(...);
// CHECK:      template <typename T>
// CHECK-NEXT: struct Mul {
// CHECK:      template <>
// CHECK-NEXT: struct Mul<half> {
// CHECK:      namespace mylib {
// CHECK-NEXT: #line [[#]] "indirect_declarations.cu"
// CHECK-NEXT: using std::remove_reference_t;
