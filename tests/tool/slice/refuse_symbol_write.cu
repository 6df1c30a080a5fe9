// A __constant__ (or __device__) variable that host code writes with cudaMemcpyToSymbol is
// refused: the tuned kernel, compiled separately, has its own copy that the write never reaches.
// The error is at the kernel's use, with a note at the host call. A table only initialised in the
// source is carried (see carries.cu).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

__constant__ float coefficients[4];
__device__ int counter;

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] *= coefficients[i & 3];
  // CHECK-DAG: refuse_symbol_write.cu:[[@LINE-1]]:24: error: 'coefficients' is reached from host code through cudaMemcpyToSymbol: the tuned kernel is compiled separately by NVRTC and has its own copy of 'coefficients', which host code never sees (used in 'k')
  if (i == 0) atomicAdd(&counter, 1);
  // CHECK-DAG: refuse_symbol_write.cu:[[@LINE-1]]:26: error: 'counter' is reached from host code through cudaMemcpyFromSymbol
}

void setup(const float* host) {
  cudaMemcpyToSymbol(coefficients, host, 4 * sizeof(float));
  // CHECK-DAG: refuse_symbol_write.cu:[[@LINE-1]]:3: note: host code uses 'coefficients' here
}

int read_counter() {
  int value = 0;
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  // CHECK-DAG: refuse_symbol_write.cu:[[@LINE-1]]:3: note: host code uses 'counter' here
  return value;
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
