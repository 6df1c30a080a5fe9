// Launch geometry, tuning keys and the helpers that annotation expressions use (`cld`).
#pragma once

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <cuda.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#if defined(__CUDACC__)
#include <vector_types.h>
#endif

namespace tiletune {

namespace detail {
template <class A, class B>
constexpr auto divide_up(A a, B b, std::true_type /*integral*/) -> decltype(a / b) {
  return b == 0 ? throw LaunchValueError("cld(" + std::to_string(a) + ", 0) divides by zero")
                : a / b + ((a % b != 0 && (a < 0) == (b < 0)) ? 1 : 0);
}
template <class A, class B>
constexpr auto divide_up(A a, B b, std::false_type /*integral*/) -> decltype(a / b) {
  return (a + b - 1) / b;
}
}  // namespace detail

// Ceiling division: the number of blocks of size b that cover a. Integers are divided without the
// sum a + b - 1, which overflows near the type's end; a divisor of 0 is a LaunchValueError.
template <class A, class B>
constexpr auto cld(A a, B b) -> decltype(a / b) {
  return detail::divide_up(a, b, std::integral_constant < bool,
                           std::is_integral<A>::value&& std::is_integral<B>::value > ());
}

namespace detail {
// A grid or block dimension as the driver takes it: 1 to 2^32 - 1, else a LaunchValueError.
template <class X>
constexpr unsigned launch_dimension(X value, char axis) {
  return value < X(1) || static_cast<unsigned long long>(value) > 0xffffffffull
             ? throw LaunchValueError(std::string("a launch dimension (") + axis + ") is " +
                                      std::to_string(value) + ", outside 1 to 4294967295")
             : static_cast<unsigned>(value);
}
}  // namespace detail

// Grid or block dimensions. Built from one integer (x), three, or a CUDA dim3.
struct Dim {
  unsigned x = 1, y = 1, z = 1;

  constexpr Dim() = default;
  template <class X, class = typename std::enable_if<std::is_integral<X>::value>::type>
  constexpr Dim(X x_) : x(detail::launch_dimension(x_, 'x')) {}
  template <class X, class Y, class Z = int>
  constexpr Dim(X x_, Y y_, Z z_ = 1)
      : x(detail::launch_dimension(x_, 'x')),
        y(detail::launch_dimension(y_, 'y')),
        z(detail::launch_dimension(z_, 'z')) {}
#if defined(__CUDACC__)
  constexpr Dim(dim3 d) : x(d.x), y(d.y), z(d.z) {}
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
inline Geometry geometry(Dim blocks, Dim threads, unsigned shmem, CUstream stream) {
  Geometry g;
  g.blocks = blocks;
  g.threads = threads;
  g.shmem = shmem;
  g.stream = stream;
  return g;
}

// What a tuned result depends on: up to kMaxValues integers. Two launches with equal keys share a
// tuning.
struct Key {
  static constexpr int kMaxValues = rules::kMaxKeyValues;
  std::array<long long, kMaxValues> values{};
  int size = 0;

  std::uint64_t hash() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ static_cast<std::uint64_t>(size);
    for (int i = 0; i < size; ++i) {
      h ^= static_cast<std::uint64_t>(values[i]) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
      h *= 0xff51afd7ed558ccdull;
    }
    return h;
  }
  friend bool operator==(const Key& a, const Key& b) {
    if (a.size != b.size) return false;
    for (int i = 0; i < a.size; ++i)
      if (a.values[i] != b.values[i]) return false;
    return true;
  }
};

template <class... T>
Key key(T... values) {
  static_assert(sizeof...(T) <= Key::kMaxValues, "tiletune: a key holds at most 8 values");
  Key k;
  long long const list[] = {0ll, static_cast<long long>(values)...};  // the first: none given
  for (std::size_t i = 1; i < sizeof(list) / sizeof(list[0]); ++i) k.values[k.size++] = list[i];
  return k;
}

namespace detail {
constexpr long long next_power_of_two(long long v, long long p) {
  return p < v && p < (1ll << 62) ? next_power_of_two(v, p << 1) : p;
}
}  // namespace detail

// The default key buckets each integral argument to the next power of two, so that n = 1000 and
// n = 1020 share a tuning while n = 1000 and n = 100000 do not.
constexpr long long bucket(long long v) { return v <= 1 ? v : detail::next_power_of_two(v, 1); }

}  // namespace tiletune
