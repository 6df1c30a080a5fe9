// Launch geometry, tuning keys and the helpers that annotation expressions use (`cld`).
#pragma once

#include <tiletune/rules.h>

#include <cuda.h>

#include <array>
#include <cstdint>
#include <type_traits>

#if defined(__CUDACC__)
#include <vector_types.h>
#endif

namespace tiletune {

// Ceiling division: the number of blocks of size b that cover a.
template <class A, class B>
constexpr auto cld(A a, B b) -> decltype(a / b) {
  return (a + b - 1) / b;
}

// Grid or block dimensions. Built from one integer (x), three, or a CUDA dim3.
struct Dim {
  unsigned x = 1, y = 1, z = 1;

  constexpr Dim() = default;
  template <class X, class = std::enable_if_t<std::is_integral_v<X>>>
  constexpr Dim(X x_) : x(static_cast<unsigned>(x_)) {}
  template <class X, class Y, class Z = int>
  constexpr Dim(X x_, Y y_, Z z_ = 1)
      : x(static_cast<unsigned>(x_)), y(static_cast<unsigned>(y_)), z(static_cast<unsigned>(z_)) {}
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
