// decltype of a lambda as a template argument, of a local variable holding one or of a lambda
// written in place (C++20), is refused at its column: NVRTC cannot name a closure type of this
// translation unit. A functor type at namespace scope is accepted.
// RUN: not %tiletune %s -o %t.cu -- -std=c++20 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

struct Twice {
  __device__ float operator()(float v) const { return 2 * v; }
};

template <int B, class F>
__global__ void apply(float* x, int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

void run(float* x, int n) {
  auto twice = [] __device__(float v) { return 2 * v; };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           apply<$b, decltype(twice)>(x, n, twice));
  // CHECK: lambda_template_argument.cu:[[@LINE-1]]:22: error: 'decltype(twice)' is a lambda's closure type, which NVRTC (compiling the tuned kernel apart from this file) cannot name; pass a functor type declared at namespace scope (a struct with a __device__ operator()) instead
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           apply<$b, decltype([] __device__(float v) { return v; })>(x, n, {}));
  // CHECK: lambda_template_argument.cu:[[@LINE-1]]:22: error: 'decltype([] __device__(float v) { return v; })' is a lambda's closure type
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           apply<$b, Twice>(x, n, Twice{}));
  // CHECK-NOT: error:
}
