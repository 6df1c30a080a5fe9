// A __launch_bounds__ minimum-blocks argument of 0 fixes nothing (nvcc writes no .minnctapersm):
// `occupancy` is accepted for it, written as 0 or, where it depends on the kernel's template
// parameters, 0 in every instantiation the site launches (moderngpu's
// `__launch_bounds__(launch_box::sm_ptx::nt, launch_box::sm_ptx::occ)`, occ 0 by default). An
// instantiation whose minimum is not 0 is the error it was, at the annotation's `occupancy`.
// RUN: sed -e '/^\/\/ BEGIN errors/,/^\/\/ END errors/d' %s > %t.in.cu
// RUN: %tiletune %t.in.cu -o %t.out.cu -- -I%{tiletune_include}
// RUN: FileCheck %s --check-prefix=HINT --input-file=%t.out.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.out.cu -o %t.o
// RUN: not %tiletune %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int NT, int OCC = 0>
struct Box {
  enum { nt = NT, occ = OCC };
};

template <typename B>
__global__ __launch_bounds__(B::nt, B::occ) void scale(float* x, int n) {
  int i = blockIdx.x * B::nt + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

__global__ __launch_bounds__(256, 0) void shift(float* x, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

template <typename B>
void run(float* x, int n) {
  TILETUNE(space = (occupancy = (1, 2, 4)), blocks = (n + B::nt - 1) / B::nt, threads = B::nt,
           restore = (x, n * sizeof(float)), scale<B>(x, n));
}
template void run<Box<128>>(float*, int);
template void run<Box<256>>(float*, int);
// HINT: info.space = ::tiletune::Space::cartesian({{[{][{]}}"occupancy", {1ll, 2ll, 4ll}}});

void run_literal(float* x, int n) {
  TILETUNE(space = (occupancy = (1, 2)), blocks = (n + 255) / 256, threads = 256,
           restore = (x, n * sizeof(float)), shift(x, n));
}
// HINT: info.space = ::tiletune::Space::cartesian({{[{][{]}}"occupancy", {1ll, 2ll}}});

// BEGIN errors
template <typename B>
void run_fixed(float* x, int n) {
  TILETUNE(space = (occupancy = (1, 2, 4)), blocks = (n + B::nt - 1) / B::nt, threads = B::nt,
           restore = (x, n * sizeof(float)), scale<B>(x, n));
  // CHECK: launch_bounds_zero_min_blocks.cu:[[@LINE-2]]:21: error: the kernel's __launch_bounds__ already fixes the minimum blocks per multiprocessor; 'occupancy' cannot change it
}
template void run_fixed<Box<128>>(float*, int);
template void run_fixed<Box<128, 2>>(float*, int);
// END errors
