// What the site's template arguments name goes into the slice, since NVRTC reads them as text: a
// functor template from a namespace through a namespace alias, a typedef of a toolkit type (and
// the toolkit header behind it), an enum whose enumerator is written, a constexpr variable, a
// class template whose member is written; in source order, with #line directives. What only looks
// like a name stays out: an axis (`$tile`), a keyword, a member (`::value` after `Width<4>`).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_bf16.h>

typedef __nv_bfloat16 floatX;
namespace ops {
template <class T>
struct Scale {
  __device__ T operator()(T v) const { return v * T(2.0f); }
};
}  // namespace ops
namespace op = ops;
enum class Rounding { kNearest, kDown };
constexpr int kUnroll = 2;
template <int N>
struct Width {
  static constexpr int value = N;
};
struct value {};
struct Unused {};

template <int TILE, class T, class F, Rounding R, int U, int W>
__global__ void map(T* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = F{}(x[i]);
}

void run(floatX* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           map<$tile, floatX, op::Scale<floatX>, Rounding::kDown, kUnroll * sizeof(int),
               Width<4>::value>(x, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #include <cuda_bf16.h>
// CHECK:      {{^}}#line 14 "template_arguments.cu"
// CHECK-NEXT: typedef __nv_bfloat16 floatX;
// CHECK-NEXT: namespace ops {
// CHECK-NEXT: #line 16 "template_arguments.cu"
// CHECK-NEXT: template <class T>
// CHECK-NEXT: struct Scale {
// CHECK-NEXT: __device__ T operator()(T v) const { return v * T(2.0f); }
// CHECK-NEXT: };
// CHECK-NEXT: }
// CHECK-NEXT: #line 21 "template_arguments.cu"
// CHECK-NEXT: namespace op = ops;
// CHECK-NEXT: #line 22 "template_arguments.cu"
// CHECK-NEXT: enum class Rounding { kNearest, kDown };
// CHECK-NEXT: #line 23 "template_arguments.cu"
// CHECK-NEXT: constexpr int kUnroll = 2;
// CHECK-NEXT: #line 24 "template_arguments.cu"
// CHECK-NEXT: template <int N>
// CHECK-NEXT: struct Width {
// CHECK-NEXT: static constexpr int value = N;
// CHECK-NEXT: };
// CHECK-NEXT: #line 31 "template_arguments.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int TILE, class T, class F, Rounding R, int U, int W>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void map(T* x, int n) {
// CHECK-NEXT: int i = blockIdx.x * TILE + threadIdx.x;
// CHECK-NEXT: if (i < n) x[i] = F{}(x[i]);
// CHECK-NEXT: }
// CHECK-NEXT: )tiletune";
// CHECK:      {{^}}  info.name_expression = "map<$@max_threads, $@min_blocks, $tile, floatX, "
// CHECK-NEXT: {{^}}      "op::Scale<floatX>, Rounding::kDown, kUnroll * " "sizeof(int), Width<4>::value>";
