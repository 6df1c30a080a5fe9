// Launch geometry, tuning keys and the helpers that annotation expressions use (`cld`).
#pragma once

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <tiletune/detail/language.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#if defined(__CUDACC__)
#include <vector_types.h>
#endif

// The driver's stream type, as <cuda.h> declares it (the same declaration again is allowed): the
// header itself is left out, since it names parameters `N`, which a user's `#define N 4096`
// before this header would break.
typedef struct CUstream_st* CUstream;

namespace tiletune {

namespace detail {
// Whether an integer is below zero, written for signed types only: `x < 0` of an unsigned one is
// always false, and nvcc warns of it (#186-D) in every user's build that passes a size_t.
template <class _TtX>
constexpr bool negative(_TtX __tt_x, std::true_type /*signed*/) {
  return __tt_x < 0;
}
template <class _TtX>
constexpr bool negative(_TtX, std::false_type /*signed*/) {
  return false;
}
template <class _TtX>
constexpr bool negative(_TtX __tt_x) {
  return negative(__tt_x, std::is_signed<_TtX>());
}

template <class _TtA, class _TtB>
constexpr auto divide_up(_TtA __tt_a, _TtB __tt_b, std::true_type /*integral*/)
    -> decltype(__tt_a / __tt_b) {
  return __tt_b == 0
             ? throw LaunchValueError("cld(" + std::to_string(__tt_a) + ", 0) divides by zero")
             : __tt_a / __tt_b +
                   ((__tt_a % __tt_b != 0 && negative(__tt_a) == negative(__tt_b)) ? 1 : 0);
}
template <class _TtA, class _TtB>
constexpr auto divide_up(_TtA __tt_a, _TtB __tt_b, std::false_type /*integral*/)
    -> decltype(__tt_a / __tt_b) {
  return (__tt_a + __tt_b - 1) / __tt_b;
}
}  // namespace detail

// Ceiling division: the number of blocks of size b that cover a. Integers are divided without the
// sum a + b - 1, which overflows near the type's end; a divisor of 0 is a LaunchValueError.
template <class _TtA, class _TtB>
constexpr auto cld(_TtA __tt_a, _TtB __tt_b) -> decltype(__tt_a / __tt_b) {
  return detail::divide_up(__tt_a, __tt_b, std::integral_constant < bool,
                           std::is_integral<_TtA>::value&& std::is_integral<_TtB>::value > ());
}

namespace detail {
template <class _TtX>
[[noreturn]] TILETUNE_DETAIL_COLD void launch_dimension_error(_TtX __tt_value, char __tt_axis) {
  throw LaunchValueError(std::string("a launch dimension (") + __tt_axis + ") is " +
                         std::to_string(__tt_value) + ", outside 1 to 4294967295");
}

// A grid or block dimension as the driver takes it: 1 to 2^32 - 1, else a LaunchValueError.
template <class _TtX, typename std::enable_if<!std::is_class<_TtX>::value, int>::type = 0>
constexpr unsigned launch_dimension(_TtX __tt_value, char __tt_axis) {
  return __tt_value < _TtX(1) || static_cast<unsigned long long>(__tt_value) > 0xffffffffull
             ? (launch_dimension_error(__tt_value, __tt_axis), 0u)
             : static_cast<unsigned>(__tt_value);
}
// A class that converts to an integer (CuTe's Int<256>, a layout's size(...)), as dim3 takes it.
template <class _TtX, typename std::enable_if<std::is_class<_TtX>::value, int>::type = 0>
constexpr unsigned launch_dimension(_TtX __tt_value, char __tt_axis) {
  return launch_dimension(static_cast<long long>(__tt_value), __tt_axis);
}

template <class _TtX>
struct one_dimension
    : std::integral_constant<bool, std::is_integral<_TtX>::value ||
                                       (std::is_class<_TtX>::value &&
                                        std::is_convertible<_TtX, long long>::value)> {};
}  // namespace detail

// Grid or block dimensions. Built from one integer (x), three, or a CUDA dim3; an integer may be a
// class that converts to one (CuTe's Int<N>).
struct Dim {
  unsigned x = 1, y = 1, z = 1;

  constexpr Dim() = default;
  template <class _TtX, class = typename std::enable_if<detail::one_dimension<_TtX>::value>::type>
  constexpr Dim(_TtX __tt_x) : x(detail::launch_dimension(__tt_x, 'x')) {}
  template <class _TtX, class _TtY, class _TtZ = int>
  constexpr Dim(_TtX __tt_x, _TtY __tt_y, _TtZ __tt_z = 1)
      : x(detail::launch_dimension(__tt_x, 'x')),
        y(detail::launch_dimension(__tt_y, 'y')),
        z(detail::launch_dimension(__tt_z, 'z')) {}
#if defined(__CUDACC__)
  constexpr Dim(dim3 __tt_d) : x(__tt_d.x), y(__tt_d.y), z(__tt_d.z) {}
#endif
  constexpr unsigned long long count() const { return static_cast<unsigned long long>(x) * y * z; }
};

// Everything a launch needs besides the kernel and its arguments. `stream` is a CUstream, which is
// the same type as the CUDA runtime's cudaStream_t.
struct Geometry {
  Dim blocks;
  Dim threads;
  unsigned shmem = 0;
  CUstream stream = nullptr;
};

// A Geometry from its parts, as generated sites build it: a struct with default member values is
// an aggregate only from C++14 on, and a site compiles with the user's -std.
inline Geometry geometry(Dim __tt_blocks, Dim __tt_threads, unsigned __tt_shmem,
                         CUstream __tt_stream) {
  Geometry __tt_g;
  __tt_g.blocks = __tt_blocks;
  __tt_g.threads = __tt_threads;
  __tt_g.shmem = __tt_shmem;
  __tt_g.stream = __tt_stream;
  return __tt_g;
}

// What a tuned result depends on: up to kMaxValues integers. Two launches with equal keys share a
// tuning.
struct Key {
  static constexpr int kMaxValues = rules::kMaxKeyValues;
  std::array<long long, kMaxValues> values{};
  int size = 0;

  std::uint64_t hash() const {
    std::uint64_t __tt_h = 0x9e3779b97f4a7c15ull ^ static_cast<std::uint64_t>(size);
    for (int __tt_i = 0; __tt_i < size; ++__tt_i) {
      __tt_h ^= static_cast<std::uint64_t>(values[__tt_i]) + 0x9e3779b97f4a7c15ull + (__tt_h << 6) +
                (__tt_h >> 2);
      __tt_h *= 0xff51afd7ed558ccdull;
    }
    return __tt_h;
  }
  friend bool operator==(const Key& __tt_a, const Key& __tt_b) {
    if (__tt_a.size != __tt_b.size) return false;
    for (int __tt_i = 0; __tt_i < __tt_a.size; ++__tt_i)
      if (__tt_a.values[__tt_i] != __tt_b.values[__tt_i]) return false;
    return true;
  }
};

template <class... _TtT>
Key key(_TtT... __tt_values) {
  static_assert(sizeof...(_TtT) <= Key::kMaxValues, "tiletune: a key holds at most 8 values");
  Key __tt_k;
  // The first: none given.
  long long const __tt_list[] = {0ll, static_cast<long long>(__tt_values)...};
  for (std::size_t __tt_i = 1; __tt_i < sizeof(__tt_list) / sizeof(__tt_list[0]); ++__tt_i)
    __tt_k.values[__tt_k.size++] = __tt_list[__tt_i];
  return __tt_k;
}

namespace detail {
constexpr long long next_power_of_two(long long __tt_v, long long __tt_p) {
  return __tt_p < __tt_v && __tt_p < (1ll << 62) ? next_power_of_two(__tt_v, __tt_p << 1) : __tt_p;
}
}  // namespace detail

// The default key buckets each integral argument to the next power of two (at most 2^62), so that
// n = 1000 and n = 1020 share a tuning while n = 1000 and n = 100000 do not. Every launch computes
// it: with GCC and Clang (and nvcc's host side) from the count of leading zeros, not a loop.
constexpr long long bucket(long long __tt_v) {
#if defined(__GNUC__) || defined(__clang__)
  return __tt_v <= 1 ? __tt_v
         : __tt_v > (1ll << 62)
             ? (1ll << 62)
             : static_cast<long long>(
                   1ull << (64 - __builtin_clzll(static_cast<unsigned long long>(__tt_v - 1))));
#else
  return __tt_v <= 1 ? __tt_v : detail::next_power_of_two(__tt_v, 1);
#endif
}

}  // namespace tiletune
