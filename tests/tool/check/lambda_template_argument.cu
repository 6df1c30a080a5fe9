// decltype of a lambda as a template argument. Of a local variable holding one: the slice writes
// the closure out for NVRTC (slice/lambda_closures.cu) and the launch names it as written; nvcc
// compiles the rewritten file. Of a lambda written in the annotation itself (C++20): a closure type
// of the annotation's own, which nvcc refuses there too, refused at the lambda with what to write
// instead. A functor type at namespace scope is accepted, as ever.
// RUN: %tiletune %s -o %t.cu -- -std=c++20 -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cu
// RUN: %nvcc -std=c++20 --extended-lambda -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %tiletune %s -o %t.refused.cu -- -std=c++20 -I%{tiletune_include} --extended-lambda -DREFUSED 2>&1 | FileCheck %s

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
  // OUT: info.name_expression = "apply<$@max_threads, $@min_blocks, $b, tt_closure_[[#@LINE-3]]_16>";
#ifdef REFUSED
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           apply<$b, decltype([] __device__(float v) { return v; })>(x, n, {}));
  // CHECK: lambda_template_argument.cu:[[@LINE-1]]:31: error: a lambda written in the annotation has a closure type of its own, which the generated launch cannot name; define it before the annotation (`auto f = [] __device__(...) { ... };`) and pass f (as a template argument, decltype(f))
#endif
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           apply<$b, Twice>(x, n, Twice{}));
  // OUT: info.name_expression = "apply<$@max_threads, $@min_blocks, $b, Twice>";
  // CHECK-NOT: error:
}
