// From C++20 Clang sees a call with a lambda argument too (an unevaluated operand may hold one),
// and deduces the kernel's functor type from it: a lambda's closure type, which the slice writes
// out for NVRTC (slice/lambda_closures.cu) and the launch names as decltype of the argument, or,
// for a lambda written in place as the argument (a closure type of its own), takes as the
// argument's type (tiletune::detail::Deduced). nvcc compiles the rewritten file.
// RUN: %tiletune %s -o %t.cu -- -std=c++20 -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++20 --extended-lambda -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE, class F>
__global__ void apply(float* c, int n, F f) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = f(c[i]);
}

void run(float* c, int n, float s) {
  auto twice = [] __device__(float v) { return 2 * v; };
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           apply<$tile>(c, n, twice));
  // CHECK: info.name_expression = "apply<$@max_threads, $@min_blocks, $tile, tt_closure_[[#@LINE-3]]_16>";
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           apply<$tile>(c, n, [s] __device__(float v) { return v + s; }));
  // CHECK: info.name_expression = "apply<$@max_threads, $@min_blocks, $tile, tt_closure_[[#@LINE-1]]_31>";
  // CHECK: ::tiletune::launch<void (*)(float *, int, ::std::decay<decltype(twice)>::type)>(
  // CHECK: ::tiletune::launch<void (*)(float *, int, ::tiletune::detail::Deduced)>(
}
