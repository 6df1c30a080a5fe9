// FIXED (lit slice/std_internal_header_names.cu). A device struct derived from
// `std::iterator<std::input_iterator_tag, T>`: nvcc compiles it; the tool's NVRTC check refused the
// slice ("NVRTC: namespace \"cuda::std\" has no member \"input_iterator_tag\""): libstdc++ declares
// the tag in bits/stl_iterator_base_types.h, first included through <cmath> by the compiler's CUDA
// wrappers, so the slice included <cuda/std/cmath> for it instead of <cuda/std/iterator>. The
// error was also placed at an unrelated line of the user's file (the slice's prologue has no
// #line). Found in: handbook/stream3 (the CUDA Handbook's chLib/range.hpp, built with
// -DCUDAHANDBOOK_USE_CPP11=1, which saxpyGPU.cuh's grid-stride range uses).
// Reproduce: tiletune std_tag_from_internal_header.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <iterator>

template <typename T>
struct iter_base : std::iterator<std::input_iterator_tag, T> {};

struct counter : iter_base<int> {
  int v;
  __device__ int operator*() const { return v; }
};

__global__ void fill(int* p, int n) {
  counter c;
  c.v = threadIdx.x;
  if (threadIdx.x < n) p[threadIdx.x] = *c;
}

void run(int* p, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = 1, threads = $t, fill(p, n));
}
