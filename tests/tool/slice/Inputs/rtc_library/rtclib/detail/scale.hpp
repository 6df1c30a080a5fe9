#pragma once
#include "../config.hpp"
namespace rtclib {
namespace detail {
// Unannotated and constexpr, for nvcc's --expt-relaxed-constexpr (NVRTC: -default-device).
template <class T>
constexpr T twice(T x) { return x + x; }
}  // namespace detail
}  // namespace rtclib
