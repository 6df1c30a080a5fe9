// Constant($tile) on a non-template kernel: the name expression of the entry kernel carries the
// Constant's expression with its `$` names (each configuration bakes its own value), the key
// leaves it out and carries a Constant without `$` ($#N counts only those), and the launch passes
// neither. The output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

__global__ void vadd(const float* a, const float* b, float* c, int tile, int n, int scale) {
  for (int base = blockIdx.x * tile; base < n; base += gridDim.x * tile)
    for (int k = threadIdx.x; k < tile; k += blockDim.x)
      if (base + k < n) c[base + k] = scale * a[base + k] + b[base + k];
}

void run(const float* a, const float* b, float* c, int n, int scale) {
  TILETUNE(space = (tile = (256, 512), block = (128, 256)), blocks = cld(n, $tile),
           threads = $block, vadd(a, b, c, Constant($tile), n, Constant(scale)));
}

// CHECK:      // tiletune: the entry kernel for Constant(...) arguments
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, long long tt_constant_0, long long tt_constant_1>
// CHECK-NEXT: __global__ void __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) tt_entry_vadd(const float* a, const float* b, float* c, int n) {
// CHECK-NEXT:   vadd(a, b, c, static_cast<int>(tt_constant_0), n, static_cast<int>(tt_constant_1));
// CHECK:      info.name_expression = "tt_entry_vadd<$@max_threads, $@min_blocks, ($tile), $#1>";
// CHECK:      ::tiletune::without_parameters_t<void (*)(const float *, const float *, float *, int, int, int), 3, 5>>(
// CHECK-NEXT: tiletune_site_{{[0-9_]+}},
// CHECK-NEXT: ::tiletune::key(
// CHECK-NEXT: #line
// CHECK-NEXT: ::tiletune::bucket(static_cast<long long>(n)), static_cast<long long>(scale)),
// CHECK:      },
// CHECK-NEXT: #line
// CHECK-NEXT: a, b, c, n)
