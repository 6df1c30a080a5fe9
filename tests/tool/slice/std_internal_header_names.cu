// A device struct derived from `std::iterator<std::input_iterator_tag, T>` (the CUDA Handbook's
// range.hpp, whose grid-stride range the handbook's saxpy kernel loops over): libstdc++ declares
// std::input_iterator_tag in bits/stl_iterator_base_types.h, which the compiler's CUDA wrappers
// first bring in through <cmath>. The slice took <cmath> for the name's header and included
// <cuda/std/cmath> for it, which does not declare cuda::std::input_iterator_tag, and NVRTC refused
// every configuration. The header an internal header names as its own (`@headername{iterator}`)
// is now the one whose libcu++ counterpart the slice includes. NVRTC compiles every instantiation
// (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -std=c++17 -I%{tiletune_include} -Wno-deprecated-declarations
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cstddef>
#include <iterator>

template <typename T>
struct counting_iterator : std::iterator<std::input_iterator_tag, T> {
  T value;
  __device__ T operator*() const { return value; }
  __device__ counting_iterator& operator++() {
    ++value;
    return *this;
  }
  __device__ bool operator!=(const counting_iterator& other) const { return value != other.value; }
};

__global__ void iota(int* out, int n) {
  counting_iterator<int> it{};
  it.value = blockIdx.x * blockDim.x + threadIdx.x;
  counting_iterator<int>::value_type first = *it;
  if (first < n) out[first] = first;
}

void run(int* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, iota(out, n));
}
// CHECK: {{^}}#include <cuda/std/iterator>
// CHECK-NOT: {{^}}#include <cuda/std/cmath>
// CHECK: {{^}}namespace tiletune_cuda_std { using cuda::std::input_iterator_tag; }
