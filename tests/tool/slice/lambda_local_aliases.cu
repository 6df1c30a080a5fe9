// A lambda whose parameters, return type and body name a type alias of the function around it
// (HeCBench's rotary: `typedef float scalar_t;` in main, the lambda taking and returning scalar_t;
// moderngpu's reduce: `typedef typename std::iterator_traits<input_it>::value_type type_t;` in a
// function template) is written out with a member alias of the same name for the type it names,
// as this instantiation has it. A local struct is still refused (check/lambda_closure_refused.cu).
// NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --extended-lambda -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <iterator>

template <int B, class F>
__global__ void apply(int n, F f, float* x) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

template <class F>
void launch(int n, const F& f, float* x) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           restore = (x, n * sizeof(float)), apply<$b, F>(n, f, x));
}

void plain(float* x, int n) {
  typedef float scalar_t;
  using wide_t = double;
  launch(n, [] __host__ __device__(scalar_t v) -> scalar_t { return wide_t(v) * scalar_t(2); }, x);
}
// CHECK: struct tt_closure_[[#@LINE-2]]_13 {
// CHECK-NEXT: using scalar_t = float;
// CHECK-NEXT: using wide_t = double;
// CHECK-NEXT: __device__ auto operator()(scalar_t v) const -> scalar_t

template <class It>
void in_template(It first, float* x, int n) {
  typedef typename std::iterator_traits<It>::value_type type_t;
  launch(n, [=] __device__(float v) { return v + type_t(first[0]); }, x);
}
template void in_template<const int*>(const int*, float*, int);
// CHECK: struct tt_closure_[[#@LINE-3]]_13_{{[0-9a-f]+}} {
// CHECK: using type_t = int;
