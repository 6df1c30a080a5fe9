// A class template's `static int const kRank = Rank_;` (CUTLASS's Coord) has no value until the
// template's arguments are known: its uses in device code are carried, and NVRTC, compiling each
// instantiation, is the judge, as nvcc is. A template's static member that is no constant, read by
// device code, is refused by that judge at the build, at the member. The accepted file's device
// check compiles.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -DACCEPTED
// RUN: FileCheck %s --check-prefix=SLICE --input-file=%t.cu
// RUN: not %{tiletune_checked} %s -o %t.refused.cu --device-check-cache %t.cache 2>&1 | FileCheck %s --check-prefix=REFUSED

#include <tiletune/tiletune.h>

template <int Rank_, typename Index_ = int>
struct Coord {
  static int const kRank = Rank_;
  static Index_ const kStride = sizeof(Index_) * Rank_;
  Index_ idx[kRank];
  __host__ __device__ int rank() const { return kRank; }
};

#ifndef ACCEPTED
template <int Rank_>
struct Counter {
  static int seen;
  // REFUSED: template_static_constants.cu:[[@LINE-1]]:19: error: NVRTC: A class static data member with non-const type is considered a host variable
};
template <int Rank_>
int Counter<Rank_>::seen = 0;
#endif

template <int R, int T>
__global__ void fill(int* out, int n) {
  int i = blockIdx.x * T + threadIdx.x;
  Coord<R> c;
  if (i < n) out[i] = c.rank() + Coord<R>::kStride;
#ifndef ACCEPTED
  if (i < n) out[i] += Counter<R>::seen;
#endif
}

void run(int* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, fill<4, $t>(out, n));
}
// SLICE: static int const kRank = Rank_;
// SLICE: static Index_ const kStride = sizeof(Index_) * Rank_;
