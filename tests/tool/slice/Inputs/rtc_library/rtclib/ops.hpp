#pragma once
#include "config.hpp"
#include "detail/scale.hpp"
namespace rtclib {
template <class T, int N>
struct Scaler {
  static_assert(stdlib::is_arithmetic<T>::value, "arithmetic types only");
  RTCLIB_HOST_DEVICE static T apply(T x) { return detail::twice(x) * N; }
#if !defined(__CUDACC_RTC__)
  static void describe() { std::printf("Scaler<%d>\n", N); }
#endif
};
}  // namespace rtclib
