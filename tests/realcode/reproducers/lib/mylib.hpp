#pragma once
#if defined(__CUDACC_RTC__)
#include <cuda/std/type_traits>
#define MYLIB_STD cuda::std
#else
#include <type_traits>
#define MYLIB_STD std
#endif

namespace mylib {
using MYLIB_STD::remove_reference_t;
template <class T>
__host__ __device__ remove_reference_t<T> twice(T&& v) {
  return v * 2;
}
}  // namespace mylib
