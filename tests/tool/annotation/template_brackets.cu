// A comma inside template brackets in a kernel argument (or any annotation expression) belongs to
// the argument: a '<' opens template arguments after a cast or `template`, or where the name
// before it is a template by Clang's lookup at the annotation (a namespace's function template,
// a member template, a name a using-directive brings in); after a variable it compares, as C++
// reads `f(a < b, c > d)`. In C++20, a name that finds nothing but argument-dependent lookup is a
// template too. The rewritten file compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: %tiletune %s -o %t.20.cu -- -std=c++20 -DCXX20
// RUN: %nvcc -std=c++20 -arch=sm_90 -I%{tiletune_include} -c %t.20.cu -o %t.20.o -DCXX20
// RUN: not %tiletune %s -o %t.bad.cu -- -DWITH_ERRORS 2>&1 | FileCheck %s --implicit-check-not=error:

#include <tiletune/tiletune.h>

template <class T, int N>
struct Pair {
  T v[N];
};

__global__ void first_of(const Pair<float, 2>* p, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = p[i].v[0];
}

__global__ void flags(float* out, bool low, bool high) {
  if (low && high) out[threadIdx.x] = 1;
}

namespace packing {
template <class T, int N>
const Pair<T, N>* as_pairs(const T* raw) {
  return reinterpret_cast<const Pair<T, N>*>(raw);
}
}  // namespace packing

template <int A, int B>
bool between(int x) {
  return A <= x && x <= B;
}

void cast(const float* raw, float* out, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(reinterpret_cast<const Pair<float, 2>*>(raw), out, n));
}

void qualified_and_using(const float* raw, float* out, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(packing::as_pairs<float, 2>(raw), out, n));
  using namespace packing;
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(as_pairs<float, 2>(raw), out, n));
}

struct Source {
  const float* raw;
  template <int N, int Skip>
  const Pair<float, N>* pairs(int offset) const {
    return reinterpret_cast<const Pair<float, N>*>(raw) + Skip + offset;
  }
};

void member_template(Source source, const Source* pointer, float* out, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(source.pairs<2, 0>(0), out, n));
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(pointer->template pairs<2, 1>(0), out, n));
}

// `a < b, c > d`: two comparisons after variables, one template-id after a template.
void comparisons(float* out, int a, int b, int c, int d) {
  TILETUNE(space = (b = (32, 64)), blocks = 1, threads = $b, flags(out, a < b, c > d));
  TILETUNE(space = (b = (32, 64)), blocks = 1, threads = $b,
           flags(out, between < 1, 4 > (d), true));
}

// Inside a member function defined in its class, which Clang reads after the class: the names
// of the namespace are known there, the function's own are not (a '<' after one compares).
struct Launcher {
  void run(const float* raw, float* out, int n, int lo, int hi) {
    TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
             first_of(packing::as_pairs<float, 2>(raw), out, n));
    TILETUNE(space = (b = (32, 64)), blocks = 1, threads = $b, flags(out, lo < n, hi > n));
  }
};

#ifdef CXX20
namespace geometry {
struct Points {
  const float* raw;
};
template <int N>
const Pair<float, N>* view(Points p) {
  return reinterpret_cast<const Pair<float, N>*>(p.raw);
}
}  // namespace geometry

// `view` is found by argument-dependent lookup only: C++20 reads `view<2>` as a template-id.
void adl_only(geometry::Points points, float* out, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(view<2>(points), out, n));
}
#endif

#ifdef WITH_ERRORS
void miscounted(const float* raw, float* out, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           first_of(reinterpret_cast<const Pair<float, 2>*>(raw), out));
  // CHECK: template_brackets.cu:[[@LINE-1]]:12: error: 'first_of' takes 3 arguments, but 2 are given
  // CHECK: note: kernel declared here
}
#endif
