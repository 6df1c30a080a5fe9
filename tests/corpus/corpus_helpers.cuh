// Templated device helpers in a user header, as a project's kernels share them.
#pragma once

#include <cuda_runtime.h>

#include <vector>  // host code in the same header; the slice must leave it out

#define CORPUS_WARP_SIZE 32

namespace corpus_helpers {

enum class Activation { kIdentity, kRelu, kSquare };

template <Activation A>
struct Activate;
template <>
struct Activate<Activation::kIdentity> {
  __device__ static float apply(float v) { return v; }
};
template <>
struct Activate<Activation::kRelu> {
  __device__ static float apply(float v) { return v > 0.f ? v : 0.f; }
};
template <>
struct Activate<Activation::kSquare> {
  __device__ static float apply(float v) { return v * v; }
};

template <typename T>
__device__ __forceinline__ T warp_all_reduce(T v) {
  for (int offset = CORPUS_WARP_SIZE / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  return v;
}

template <typename T>
using Pointer = T*;

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

// Host-only code the kernels do not use.
inline std::vector<float> host_ramp(int n) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<float>(i % 11) - 5.f;
  return v;
}

}  // namespace corpus_helpers
