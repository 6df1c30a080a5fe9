// Constant(...) on plain parameters: the kernel becomes a force-inlined device function, an entry
// kernel takes the values as leading template arguments and the kernel's own after them, with the
// kernel's __launch_bounds__; the key carries the exact values after the default key's, the name
// expression takes them from it ($#N), and the launch passes the other arguments only.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

namespace filters {
enum class Edge { kClamp, kZero };

template <int BLOCK, typename T>
__global__ void __launch_bounds__(256) box(const T* in, T* out, int n, int radius, Edge edge) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= n) return;
  T s = 0;
  for (int k = -radius; k <= radius; ++k)
    if (i + k >= 0 && i + k < n) s += in[i + k];
    else if (edge == Edge::kClamp) s += in[i];
  out[i] = s;
}
}  // namespace filters

void run(const float* in, float* out, int n, int radius) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           filters::box<$block, float>(in, out, n, Constant(radius), Constant(filters::Edge::kZero)));
}

// CHECK:      static const char tiletune_site_{{[0-9_]+}}_source[] = R"tiletune(
// CHECK:      template <int BLOCK, typename T>
// CHECK-NEXT: __device__ __forceinline__ void {{ *}}box(const T* in, T* out, int n, int radius, Edge edge) {
// CHECK:      // tiletune: the entry kernel for Constant(...) arguments
// CHECK-NEXT: template <long long tt_constant_0, long long tt_constant_1, int BLOCK, typename T>
// CHECK-NEXT: __global__ void __launch_bounds__(256) tt_entry_box(const T* in, T* out, int n) {
// CHECK-NEXT:   box<BLOCK, T>(in, out, n, static_cast<int>(tt_constant_0), static_cast<Edge>(tt_constant_1));
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: )tiletune";
// CHECK-NEXT: template <int BLOCK, class T>
// CHECK-NEXT: static void tiletune_site_[[#@LINE-15]]_3_signature(const T *, T *, int, int, filters::Edge);
// CHECK:      info.kernel = "filters::box<$block, float>";
// CHECK:      info.name_expression = "filters::tt_entry_box<$#1, $#2, $block, float>";
// CHECK:      ::tiletune::launch<
// CHECK-NEXT: ::tiletune::without_parameters_t<decltype(&tiletune_site_[[#@LINE-19]]_3_signature<(128), float>), 3, 4>>(
// CHECK-NEXT: tiletune_site_{{[0-9_]+}},
// CHECK-NEXT: ::tiletune::key(
// CHECK-NEXT: #line
// CHECK-NEXT: ::tiletune::bucket(static_cast<long long>(n)), static_cast<long long>(radius),
// CHECK-NEXT: #line
// CHECK-NEXT: static_cast<long long>(filters::Edge::kZero)),
// CHECK:      },
// CHECK-NEXT: #line
// CHECK-NEXT: in, out, n)
