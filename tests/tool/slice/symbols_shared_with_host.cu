// A __constant__ or __device__ variable that host code reaches with cudaMemcpyToSymbol (and
// friends) is accepted: the tuned kernel, compiled separately, has its own copy, so the site names
// each such variable the kernel uses (SiteInfo::symbols) with its name in the module and a function
// that finds the application's copy; the runtime copies the application's into the module's before
// every launch, and a __device__ variable back after it. A variable in a namespace goes by its
// mangled name. A device variable host code never reaches is not named. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

__constant__ float coefficients[4];
__device__ int counter;
__device__ int untouched;
namespace filters {
__constant__ float taps[8];
__constant__ int shift;
}  // namespace filters

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] *= coefficients[i & 3] * filters::taps[i & 7] + filters::shift;
  if (i == 0) atomicAdd(&counter, 1);
  if (i == 1) atomicAdd(&untouched, 1);
}

void setup(const float* host, const float* taps) {
  cudaMemcpyToSymbol(coefficients, host, 4 * sizeof(float));
  cudaMemcpyToSymbolAsync(filters::taps, taps, 8 * sizeof(float));
  void* address = nullptr;
  cudaGetSymbolAddress(&address, filters::shift);
}

int read_counter() {
  int value = 0;
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  return value;
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
// CHECK: info.symbols = {
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "coefficients",
// CHECK-NEXT: [] { return ::tiletune::symbol_memory(::coefficients, "::coefficients"); }, false),
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "_ZN7filters4tapsE",
// CHECK-NEXT: [] { return ::tiletune::symbol_memory(::filters::taps, "::filters::taps"); }, false),
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "_ZN7filters5shiftE",
// CHECK-NEXT: [] { return ::tiletune::symbol_memory(::filters::shift, "::filters::shift"); }, false),
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "counter", [] { return ::tiletune::symbol_memory(::counter, "::counter"); }, true)};
// CHECK-NEXT: return info;
