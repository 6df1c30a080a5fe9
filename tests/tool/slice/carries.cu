// The slice carries what the kernel uses, transitively, in source order: a user header's template
// and the macro it expands, a namespace alias and the toolkit header behind it, a read-only
// __constant__ table, an enum, a struct with an out-of-line member, a constexpr function (made
// __host__ __device__ for NVRTC), with #line directives; host code and unused declarations stay out.
// RUN: %tiletune %s -o %t.cu -- -I%S/Inputs
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -I%S/Inputs -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cooperative_groups.h>
#include <cstdio>
#include <vector>

#include "slice_helpers.cuh"

namespace cg = cooperative_groups;
#define BLOCK_OF(x) ((x) * WIDTH)
#define WIDTH 2

__constant__ float kTable[4] = {1, 2, 3, 4};
enum Mode { kPlain, kScaled };
struct Counter {
  int count;
  __device__ void bump();
};
__device__ void Counter::bump() { ++count; }
constexpr int twice(int v) { return 2 * v; }
__device__ float unused_helper(float v) { return v; }
static std::vector<float> host_table;

template <int TILE>
__global__ void k(float* out, int n, Mode mode) {
  cg::thread_block block = cg::this_thread_block();
  Counter c{0};
  c.bump();
  int i = blockIdx.x * BLOCK_OF(TILE) + threadIdx.x;
  if (i < n) out[i] = helpers::triple(kTable[i & 3]) * twice(c.count) * (mode == kScaled ? 2 : 1);
  block.sync();
}

void run(float* out, int n) {
  std::printf("%zu\n", host_table.size());
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, 2 * $tile), threads = $tile,
           k<$tile>(out, n, kScaled));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #include <cooperative_groups.h>
// CHECK-NOT:  #include <vector>
// CHECK:      namespace helpers {
// CHECK-NEXT: #define HELPER_SCALE 3
// CHECK-NEXT: #line 5 "{{.*}}slice_helpers.cuh"
// CHECK-NEXT: template <typename T>
// CHECK-NEXT: __device__ T triple(T v) { return v * HELPER_SCALE; }
// CHECK-NEXT: }
// CHECK-NEXT: #line 17 "{{.*}}carries.cu"
// CHECK-NEXT: namespace cg = cooperative_groups;
// CHECK-NEXT: #line 21 "{{.*}}carries.cu"
// CHECK-NEXT: __constant__ float kTable[4] = {1, 2, 3, 4};
// CHECK-NEXT: #line 22 "{{.*}}carries.cu"
// CHECK-NEXT: enum Mode { kPlain, kScaled };
// CHECK-NEXT: #line 23 "{{.*}}carries.cu"
// CHECK-NEXT: struct Counter {
// CHECK:      #line 27 "{{.*}}carries.cu"
// CHECK-NEXT: __device__ void Counter::bump() { ++count; }
// CHECK-NEXT: #line 28 "{{.*}}carries.cu"
// CHECK-NEXT: __host__ __device__ constexpr int twice(int v) { return 2 * v; }
// CHECK-NEXT: #define BLOCK_OF(x) ((x) * WIDTH)
// CHECK-NEXT: #define WIDTH 2
// CHECK-NEXT: #line 32 "{{.*}}carries.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int TILE>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void k(float* out, int n, Mode mode) {
// CHECK-NOT:  unused_helper
// CHECK-NOT:  host_only_helper
// CHECK-NOT:  host_table
// CHECK:      )tiletune";
