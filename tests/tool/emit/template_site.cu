// An annotation in a host function template whose template and call arguments use the template's
// parameters (a type, a bool, a scoped enum from a namespace, an unscoped enum, an integer) is a
// site per instantiation: a class template declared before the function template, specialised per
// instantiation with that instantiation's kernel pointer type, name expression, id and device
// source. A specialisation goes after what it names: the one for `Pair`, declared after the
// template, after `Pair`, whose definition its device source carries. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

namespace ops {
enum class Mode { kCopy, kTwice };
}  // namespace ops
enum Algorithm { ALG_PLAIN, ALG_UNROLLED };

template <int B, Algorithm ALGORITHM, bool FORWARD, ops::Mode M, class T>
__global__ void apply(T* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = M == ops::Mode::kTwice ? x[i] + x[i] : x[i];
}

// CHECK: {{^}}namespace {
// CHECK-NEXT: {{^}}template <class T, Algorithm ALGORITHM, bool forward, int UNROLL>
// CHECK-NEXT: {{^}}struct tiletune_site_[[#LINE:]]_3_for;
// CHECK-NEXT: {{^}}}  // namespace
template <class T, Algorithm ALGORITHM, bool forward, int UNROLL>
void launch(T* x, int n, cudaStream_t s) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b * UNROLL), threads = $b, stream = s,
           apply<$b * UNROLL, ALGORITHM, forward, ops::Mode::kTwice>(x, n));
}
// CHECK: {{^ *}}::tiletune::launch<typename tiletune_site_[[#LINE]]_3_for<T, ALGORITHM, forward, UNROLL>::kernel>(
// CHECK-NEXT: {{^ +}}tiletune_site_[[#LINE]]_3_for<T, ALGORITHM, forward, UNROLL>::site,

// The first instantiation names nothing declared after the template: its specialisation follows it.
// CHECK: {{^}}static const char tiletune_site_[[#LINE]]_3_1_source[] = R"tiletune(
// CHECK: {{^}}enum class Mode { kCopy, kTwice };
// CHECK: {{^}})tiletune";
// CHECK-NEXT: {{^}}template <>
// CHECK: {{^}}struct tiletune_site_[[#LINE]]_3_for<float, ::Algorithm::ALG_UNROLLED, true, 2> {
// CHECK-NEXT: {{^ +}}using kernel = void (*)(float *, int);
// CHECK-NEXT: {{^ +}}static ::tiletune::Site site;
// CHECK-NEXT: {{^}}};
// CHECK: {{^}}::tiletune::Site tiletune_site_[[#LINE]]_3_for<float, ::Algorithm::ALG_UNROLLED, true, 2>::site([]() -> ::tiletune::SiteInfo {
// CHECK: {{^ +}}info.id = "[[ID1:[0-9a-f]+]]";
// CHECK-NEXT: {{^ +}}info.kernel = "apply<$b * (2), Algorithm::ALG_UNROLLED, true, ops::Mode::kTwice, float>";
// CHECK: {{^ +}}info.name_expression = "apply<$@max_threads, $@min_blocks, $b * (2), "
// CHECK-NEXT: {{^ +}}"Algorithm::ALG_UNROLLED, true, ops::Mode::" "kTwice, float>";

// The same instantiation twice is one site.
// CHECK-NOT: {{^}}struct tiletune_site_{{[0-9]+}}_3_for<float
// CHECK: {{^}}struct Pair {
struct Pair {
  float a, b;
  __device__ Pair operator+(Pair o) const { return {a + o.a, b + o.b}; }
};
// CHECK: {{^}}static const char tiletune_site_[[#LINE]]_3_2_source[] = R"tiletune(
// CHECK: {{^}}struct Pair {
// CHECK: {{^}})tiletune";
// CHECK: {{^}}struct tiletune_site_[[#LINE]]_3_for<::Pair, ::Algorithm::ALG_PLAIN, false, 1> {
// CHECK-NEXT: {{^ +}}using kernel = void (*)(::Pair *, int);
// CHECK: {{^ +}}info.name_expression = "apply<$@max_threads, $@min_blocks, $b * (1), "
// CHECK-NEXT: {{^ +}}"Algorithm::ALG_PLAIN, false, ops::Mode::kTwice, " "Pair>";

void run(float* x, Pair* p, int n, cudaStream_t s) {
  launch<float, ALG_UNROLLED, true, 2>(x, n, s);
  launch<Pair, ALG_PLAIN, false, 1>(p, n, s);
  launch<float, ALG_UNROLLED, true, 2>(x, n, s);
}
// Each instantiation has its own results identity.
// CHECK-NOT: {{^ +}}info.id = "[[ID1]]"
