// What stays refused of the variables a kernel shares with host code (symbols_shared_with_host.cu
// has what is accepted): a __managed__ variable, which host code reads and writes directly, with no
// call the runtime could follow to keep the tuned kernel's own copy in step; and a variable of
// internal linkage that host code reaches through the runtime API, whose copy the tuned module
// names differently. The error is at the kernel's use, with a note at the declaration (and at the
// host call for the latter).
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

__managed__ float scale;
static __constant__ float offsets[4];
namespace {
__device__ int counter;
}

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = out[i] * scale + offsets[i & 3];
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:32: error: 'scale' is __managed__: host code reads and writes it directly, and the tuned kernel (compiled separately by NVRTC) would use its own copy; pass a pointer to managed memory as a kernel argument instead (used in 'k')
  // CHECK-DAG: refuse_shared_symbols.cu:13:19: note: 'scale' declared here
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-3]]:40: error: 'offsets' is reached from host code through cudaMemcpyToSymbol and has internal linkage, under which the tuned kernel's module (compiled separately by NVRTC) names its copy differently; give it external linkage (no `static`, no anonymous namespace) (used in 'k')
  if (i == 0) atomicAdd(&counter, 1);
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:26: error: '(anonymous namespace)::counter' is reached from host code through cudaGetSymbolAddress and has internal linkage
}

void setup(const float* host) {
  scale = 2.0f;
  cudaMemcpyToSymbol(offsets, host, 4 * sizeof(float));
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:3: note: host code uses 'offsets' here
  void* address = nullptr;
  cudaGetSymbolAddress(&address, counter);
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:3: note: host code uses '(anonymous namespace)::counter' here
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
