// Launch geometry, tuning keys and the helpers that annotation expressions use (`cld`).
#pragma once

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <cuda.h>

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#if defined(__CUDACC__)
#include <vector_types.h>
#endif

namespace tiletune {

// Ceiling division: the number of blocks of size b that cover a. Integers are divided without the
// sum a + b - 1, which overflows near the type's end; a divisor of 0 is a LaunchValueError.
template <class A, class B>
constexpr auto cld(A a, B b) -> decltype(a / b) {
  if constexpr (std::is_integral_v<A> && std::is_integral_v<B>) {
    if (b == 0) throw LaunchValueError("cld(" + std::to_string(a) + ", 0) divides by zero");
    return a / b + ((a % b != 0 && (a < 0) == (b < 0)) ? 1 : 0);
  } else {
    return (a + b - 1) / b;
  }
}

namespace detail {
// A grid or block dimension as the driver takes it: 1 to 2^32 - 1, else a LaunchValueError.
template <class X>
constexpr unsigned launch_dimension(X value, char axis) {
  if (value < X(1) || static_cast<unsigned long long>(value) > 0xffffffffull)
    throw LaunchValueError(std::string("a launch dimension (") + axis + ") is " +
                           std::to_string(value) + ", outside 1 to 4294967295");
  return static_cast<unsigned>(value);
}
}  // namespace detail

// Grid or block dimensions. Built from one integer (x), three, or a CUDA dim3.
struct Dim {
  unsigned x = 1, y = 1, z = 1;

  constexpr Dim() = default;
  template <class X, class = std::enable_if_t<std::is_integral_v<X>>>
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
  ((k.values[k.size++] = static_cast<long long>(values)), ...);
  return k;
}

// The default key buckets each integral argument to the next power of two, so that n = 1000 and
// n = 1020 share a tuning while n = 1000 and n = 100000 do not.
constexpr long long bucket(long long v) {
  if (v <= 1) return v;
  long long p = 1;
  while (p < v && p < (1ll << 62)) p <<= 1;
  return p;
}

}  // namespace tiletune
