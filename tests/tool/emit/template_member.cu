// Sites in a class template's member function (defined in the class), in an out-of-line member
// template (whose class's parameter is renamed there), in a function template inside a namespace,
// and in a lambda inside a function template: each instantiation gets its own specialisation, its
// arguments taken from every enclosing template, outermost first. The class template's
// declaration goes inside the namespace, before the template, where the parameters' enum type is
// declared; its specialisations reopen that namespace. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int B, int UNROLL, class T>
__global__ void scale(T* x, int n) {
  int i = (blockIdx.x * B + threadIdx.x) * UNROLL;
  for (int u = 0; u < UNROLL; ++u)
    if (i + u < n) x[i + u] = x[i + u] + x[i + u];
}

template <class T>
struct Scaler {
  void run(T* x, int n) {
    TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b, 1, T>(x, n));
  }
  template <int UNROLL>
  void run_unrolled(T* x, int n);
};
// CHECK: {{^ *}}struct tiletune_site_[[#IN_CLASS:]]_5_for<float> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, 1, float>";
// CHECK: {{^ *}}struct tiletune_site_[[#IN_CLASS]]_5_for<double> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, 1, double>";

template <class U>
template <int UNROLL>
void Scaler<U>::run_unrolled(U* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b * UNROLL), threads = $b,
           scale<$b, UNROLL, U>(x, n));
}
// CHECK: {{^}}template <class U, int UNROLL>
// CHECK-NEXT: {{^}}struct tiletune_site_[[#OUT_OF_LINE:]]_3_for;
// CHECK: {{^}}template <class U>
// CHECK-NEXT: {{^}}template <int UNROLL>
// CHECK-NEXT: {{^}}void Scaler<U>::run_unrolled(U* x, int n) {
// CHECK: {{^ *}}::tiletune::launch<typename tiletune_site_[[#OUT_OF_LINE]]_3_for<U, UNROLL>::kernel>(
// CHECK: {{^ *}}struct tiletune_site_[[#OUT_OF_LINE]]_3_for<float, 4> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, 4, float>";

namespace ops {
enum class Order { kRowMajor, kColumnMajor };

// CHECK: {{^}}namespace ops {
// CHECK: {{^}}namespace {
// CHECK-NEXT: {{^}}template <class T, ops::Order ORDER>
// CHECK-NEXT: {{^}}struct tiletune_site_[[#IN_NAMESPACE:]]_3_for;
template <class T, Order ORDER>
void launch(T* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           scale<$b, ORDER == Order::kRowMajor ? 1 : 2, T>(x, n));
}
}  // namespace ops
// CHECK: {{^}}namespace ops {
// CHECK-NEXT: {{^}}namespace {
// CHECK: {{^}}struct tiletune_site_[[#IN_NAMESPACE]]_3_for<float, ::ops::Order::kColumnMajor> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, 2, float>";

template <class T>
void in_lambda(T* x, int n) {
  auto go = [&](int count) {
    TILETUNE(space = (b = (64, 128)), blocks = cld(count, $b), threads = $b,
             scale<$b, 1>(x, count));
  };
  go(n);
}
// CHECK: {{^ *}}struct tiletune_site_[[#IN_LAMBDA:]]_5_for<double> {
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, 1, double>";

void run(float* x, double* d, int n) {
  Scaler<float>().run(x, n);
  Scaler<double>().run(d, n);
  Scaler<float>().run_unrolled<4>(x, n);
  ops::launch<float, ops::Order::kColumnMajor>(x, n);
  in_lambda(d, n);
}
