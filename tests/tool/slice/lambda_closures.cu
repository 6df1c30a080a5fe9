// Kernels templated on a lambda's closure type (BabelStream-style generic kernels launched with a
// lambda). NVRTC compiles the tuned kernel apart from this file, where no closure type has a name:
// the slice writes each lambda out as a struct of its own name, tt_closure_<line>_<column>, with
// the captures as members in the closure's order and of its types (the bytes a launch passes mean
// the same) and the body as its __device__ operator() (a template for a generic lambda; not const
// for a mutable one; an integral constant the body reads without capturing it a static constexpr
// member). What the body names comes along (a __device__ function, a user macro, a struct).
// - A site in a plain function names the closure in its launch as decltype of the argument, or as
//   the template argument written (`decltype(twice)`).
// - A site in a function template (a generic `for_each`) is a site per instantiation, each a
//   specialisation of a class template by the instantiation's arguments, at namespace scope where
//   the closure type has no name: the lambda is written as tiletune::closure<line, column>(...),
//   the same closure as a class derived from it, and the instantiation is a partial
//   specialisation by ::tiletune::Closure<line, column, P>, which checks that the host's closure
//   is as large as the struct.
// NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --extended-lambda -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#define SCALED(x) (2.0f * (x))

struct Bias {
  float value;
  int every;
};

__device__ float clamp_one(float v) { return v > 1.0f ? 1.0f : v; }

template <int B, class F>
__global__ void for_each_kernel(int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) f(i);
}

template <class F>
void for_each(int n, F f) {
  TILETUNE(space = (b = (64, 128, 256)), blocks = cld(n, $b), threads = $b,
           for_each_kernel<$b>(n, f));
}

template <int B, class T, class F>
__global__ void map_kernel(T* x, int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

// BabelStream's form: the lambdas in a class template's members, one closure per instantiation,
// told apart by the template's arguments (tiletune::closure<line, column, T>), each struct with the
// template's parameter as a member (`using T = double;`).
template <class T>
struct Arrays {
  T *a, *b;
  int n;
  void scale(T s);
};

template <class T>
void Arrays<T>::scale(T s) {
  for_each(n, [a = a, b = b, s] __device__(int i) { b[i] = T(2) * s * a[i]; });
}

template struct Arrays<float>;
template struct Arrays<double>;

void stream(float* a, float* b, float* c, float scalar, int n) {
  for_each(n, [=] __device__(int i) { c[i] = a[i]; });
  for_each(n, [=] __device__(int i) { b[i] = scalar * c[i]; });
  for_each(n, [=] __device__(int i) { a[i] = b[i] + scalar * c[i]; });
}

void transform(float* x, int n, float s, Bias bias) {
  constexpr int kUnroll = 4;
  auto scale = [s, bias, limit = n / kUnroll] __device__(float v) -> float {
    return clamp_one(SCALED(v) * s + (limit > 0 ? bias.value : 0.0f) * kUnroll);
  };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, map_kernel<$b>(x, n, scale));
  auto twice = [] __device__(auto v) { return v + v; };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           map_kernel<$b, float, decltype(twice)>(x, n, twice));
  auto count = [calls = 0] __device__(float v) mutable { return v + float(++calls); };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, map_kernel<$b>(x, n, count));
}

// CHECK:      struct tt_closure_[[#SCALE_T:]]_15_{{[0-9a-f]+}} {
// CHECK-NEXT: using T = float;
// CHECK-NEXT: float * a;
// CHECK-NEXT: float * b;
// CHECK-NEXT: float s;
// CHECK:      struct tiletune_site_{{[0-9]+}}_3_for<::tiletune::Closure<[[#SCALE_T]], 15, tt_closure_0, float>> {
// CHECK:      struct tt_closure_[[#SCALE_T]]_15_{{[0-9a-f]+}} {
// CHECK-NEXT: using T = double;
// CHECK:      struct tiletune_site_{{[0-9]+}}_3_for<::tiletune::Closure<[[#SCALE_T]], 15, tt_closure_0, double>> {

// CHECK:      struct tt_closure_[[#COPY:]]_15 {
// CHECK-NEXT: float * c;
// CHECK-NEXT: float * a;
// CHECK-NEXT: __device__ auto operator()(int i) const
// CHECK-NEXT: #line [[#COPY]] "lambda_closures.cu"
// CHECK:      template <class tt_closure_0>
// CHECK:      struct tiletune_site_{{[0-9]+}}_3_for<::tiletune::Closure<[[#COPY]], 15, tt_closure_0>> {
// CHECK-NEXT:   using kernel = void (*)(int, ::tiletune::Closure<[[#COPY]], 15, tt_closure_0>);
// CHECK-NEXT:   static_assert(sizeof(tt_closure_0) == 16,
// CHECK:      info.name_expression = "for_each_kernel<$@max_threads, $@min_blocks, $b, tt_closure_[[#COPY]]_15>";
// CHECK:      struct tt_closure_[[#COPY+2]]_15 {
// CHECK-NEXT: float * a;
// CHECK-NEXT: float * b;
// CHECK-NEXT: float scalar;
// CHECK-NEXT: float * c;
// CHECK:      static_assert(sizeof(tt_closure_0) == 32,

// The lambdas that reach the template site, written as tiletune::closure<line, column>(...):
// CHECK:      for_each(n, ::tiletune::closure<[[#SCALE_T]], 15, T>([a = a, b = b, s] __device__(int i) { b[i] = T(2) * s * a[i]; }));
// CHECK:      for_each(n, ::tiletune::closure<[[#COPY]], 15>([=] __device__(int i) { c[i] = a[i]; }));
// CHECK-NEXT: for_each(n, ::tiletune::closure<[[#COPY+1]], 15>([=] __device__(int i) { b[i] = scalar * c[i]; }));
// CHECK-NEXT: for_each(n, ::tiletune::closure<[[#COPY+2]], 15>([=] __device__(int i) { a[i] = b[i] + scalar * c[i]; }));

// CHECK:      struct tt_closure_[[#SCALE:]]_16 {
// CHECK-NEXT: float s;
// CHECK-NEXT: Bias bias;
// CHECK-NEXT: int limit;
// CHECK-NEXT: static constexpr int kUnroll = static_cast<int>(4ll);
// CHECK-NEXT: __device__ auto operator()(float v) const -> float
// CHECK:      struct tt_closure_[[#SCALE+4]]_16 {
// CHECK-NEXT: template <class tt_auto_0>
// CHECK-NEXT: __device__ auto operator()(tt_auto_0 v) const
// CHECK:      info.name_expression = "map_kernel<$@max_threads, $@min_blocks, $b, float, tt_closure_[[#SCALE+4]]_16>";
// CHECK:      struct tt_closure_[[#SCALE+7]]_16 {
// CHECK-NEXT: int calls;
// CHECK-NEXT: __device__ auto operator()(float v){{$}}
// CHECK:      ::tiletune::launch<void (*)(float *, int, ::std::decay<decltype(scale)>::type)>(
// CHECK:      decltype(twice)
// CHECK:      ::tiletune::launch<void (*)(float *, int, ::std::decay<decltype(count)>::type)>(
