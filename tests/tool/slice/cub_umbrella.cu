// A kernel that takes cub's block- and warp-level algorithms from its umbrella, <cub/cub.cuh>,
// which NVRTC refuses (it holds the device-wide algorithms' host dispatch, and thrust). The slice
// includes the headers under the umbrella that declare what the kernel names instead, and NVRTC
// compiles every instantiation (the device check is on).
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cub/cub.cuh>

template <int BLOCK>
__global__ void row_sums(const float* in, float* out, int n) {
  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename BlockReduce::TempStorage block_storage;
  __shared__ typename WarpReduce::TempStorage warp_storage[BLOCK / 32];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  float v = i < n ? cub::ThreadLoad<cub::LOAD_LDG>(in + i) : 0.f;
  float warp_sum = WarpReduce(warp_storage[threadIdx.x / 32]).Sum(v);
  float sum = BlockReduce(block_storage).Sum(threadIdx.x % 32 == 0 ? warp_sum : 0.f);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

void run(const float* in, float* out, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           row_sums<$block>(in, out, n));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK-DAG: #include <cub/block/block_reduce.cuh>
// CHECK-DAG: #include <cub/warp/warp_reduce.cuh>
// CHECK-DAG: #include <cub/thread/thread_load.cuh>
// CHECK-NOT: #include <cub/cub.cuh>
// CHECK: __global__ void row_sums(
