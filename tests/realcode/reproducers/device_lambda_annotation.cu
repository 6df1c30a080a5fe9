// FIXED (lit slice/device_lambda_annotations.cu). A lambda written `[] __device__(...)` inside a
// __device__ function template: nvcc compiles it with --extended-lambda; NVRTC 13.0 has no such
// option, and the tool's device check refused every configuration ("NVRTC: __host__ or __device__
// annotation on lambda requires --extended-lambda nvcc flag"). A lambda in device code is a device
// lambda without the annotation: the slice now drops it there. Found in: cudacodes/softmax
// (Maharshi-Pandya/cudacodes softmax/include/cuda_utils.cuh, blockReduceSum/blockReduceMax).
// Reproduce: tiletune device_lambda_annotation.cu -o out.cu -- -I<tiletune>/include -std=c++17 --extended-lambda

#include <tiletune/tiletune.h>

template <typename T, typename Op>
__device__ void blockReduce(T val, T* smem, Op op) {
  smem[threadIdx.x] = op(val, smem[threadIdx.x]);
}

template <typename T>
__device__ void blockReduceSum(T val, T* smem) {
  blockReduce(val, smem, [] __device__(T a, T b) { return a + b; });
}

__global__ void softmax(float* x, int n) {
  extern __shared__ float smem[];
  smem[threadIdx.x] = 0.0f;
  if (blockIdx.x * blockDim.x + threadIdx.x < n) blockReduceSum<float>(x[threadIdx.x], smem);
}

int main() {
  float* x = nullptr;
  int n = 1024;
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, shmem = $t * sizeof(float),
           softmax(x, n));
  return 0;
}
