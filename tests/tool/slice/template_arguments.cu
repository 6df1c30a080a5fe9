// What the site's template arguments name goes into the slice, since NVRTC reads them as text: a
// functor template from a namespace, a typedef of a toolkit type (and the toolkit header behind
// it), an enum whose enumerator is written, a constexpr variable; in source order, with #line
// directives. A name that only looks like one stays out: an axis (`$tile`) and a keyword.
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
enum class Rounding { kNearest, kDown };
constexpr int kUnroll = 2;
struct Unused {};

template <int TILE, class T, class F, Rounding R, int U>
__global__ void map(T* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = F{}(x[i]);
}

void run(floatX* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           map<$tile, floatX, ops::Scale<floatX>, Rounding::kDown, kUnroll * sizeof(int)>(x, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #include <cuda_bf16.h>
// CHECK:      #line 13 "template_arguments.cu"
// CHECK-NEXT: typedef __nv_bfloat16 floatX;
// CHECK-NEXT: namespace ops {
// CHECK-NEXT: #line 15 "template_arguments.cu"
// CHECK-NEXT: template <class T>
// CHECK-NEXT: struct Scale {
// CHECK:      };
// CHECK-NEXT: }
// CHECK-NEXT: #line 20 "template_arguments.cu"
// CHECK-NEXT: enum class Rounding { kNearest, kDown };
// CHECK-NEXT: #line 21 "template_arguments.cu"
// CHECK-NEXT: constexpr int kUnroll = 2;
// CHECK-NOT:  Unused
// CHECK:      __global__ void map(T* x, int n) {
// CHECK-NOT:  Unused
// CHECK:      )tiletune";
// CHECK:      "map<$tile, floatX, ops::Scale<floatX>, Rounding::kDown, kUnroll * sizeof(int)>"
