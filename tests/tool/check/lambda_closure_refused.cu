// Lambdas whose closure type tiletune cannot write out for NVRTC (slice/lambda_closures.h), each
// refused at the annotation with why and a note at the lambda: one that captures `this` (the
// object's members are not the closure's), one written in a function template with a parameter
// pack (its closure differs per instantiation, told apart by the template's parameters, which a
// pack's cannot be one by one), and one whose body names a type local to the function around it
// without which the struct cannot be written.
// RUN: not %tiletune %s -o %t.cu -- -I%{tiletune_include} --extended-lambda 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int B, class F>
__global__ void for_each_kernel(int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) f(i);
}

template <class F>
void for_each(int n, F f) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, for_each_kernel<$b>(n, f));
  // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-1]]:3: error: this instantiation of the site names a lambda's closure type, which tiletune names for NVRTC (compiling the tuned kernel apart from this file) and in the generated site only as the kernel's template argument of a lambda written in this file, and not this one: it captures `this`; capture copies of the members it uses; or pass a functor type declared at namespace scope
  // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-2]]:3: error: this instantiation of the site names a lambda's closure type, {{.*}}, and not this one: it is written in a template whose parameters tiletune cannot name for it (a pack, a template template parameter, a generic lambda's); or pass a functor type declared at namespace scope
}

struct Scaler {
  float* x;
  float s;
  void run(int n) {
    for_each(n, [this] __device__(int i) { x[i] *= s; });
    // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-1]]:17: note: the lambda
  }
};

template <class T, class... Rest>
void scale_all(T* x, int n, T s, Rest...) {
  for_each(n, [=] __device__(int i) { x[i] *= s; });
  // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-1]]:15: note: the lambda
}
template void scale_all<float>(float*, int, float);

template <int B, class T, class F>
__global__ void map_kernel(T* x, int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

void local_type(float* x, int n) {
  struct Pair {
    float a, b;
  };
  auto f = [] __device__(float v) { return Pair{v, v}.a; };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, map_kernel<$b>(x, n, f));
  // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-1]]:3: error: the kernel Clang deduced at this launch names a lambda's closure type, {{.*}}, and not this one: its body names 'Pair', declared in the function around it; declare it at namespace scope; or pass a functor type declared at namespace scope
  // CHECK-DAG: lambda_closure_refused.cu:[[@LINE-3]]:12: note: the lambda
}
