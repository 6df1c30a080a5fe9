// Host code that nvcc accepts and Clang rejects does not stop the tool when no tuned kernel depends
// on it: nvcc compiles that code and reports a real error itself, so the tool says one line that
// counts the places (at the first), never Clang's candidate lists, and the file is rewritten.
// --verbose lists each place on a line of its own, still without the candidates.
// RUN: %tiletune %s -o %t.cu > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=COUNT --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=candidate < %t.out
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.cu
// OUTPUT: ::tiletune::{{launch}}<
// RUN: %tiletune --verbose %s -o %t.cu > %t.verbose 2>&1
// RUN: FileCheck %s < %t.verbose
// RUN: not grep -e "error:" -e "note:" -e "candidate" -e "Clang rejects host code at" %t.verbose

#include <tiletune/tiletune.h>

// gcc's own include directory (where omp.h lives) is on the path, as it is for nvcc's host compile.
#include <omp.h>

#include <cmath>

template <class T>
bool all_finite(const T* x, int n) {
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && isfinite(x[i]);
  return ok;
}
// COUNT: host_code_nvcc_accepts.cu:[[@LINE-3]]:42: warning: Clang rejects host code at 4 places that no tuned kernel depends on (the first here): nvcc compiles that code and reports any real error itself; tiletune --verbose (TILETUNE_VERBOSE=1 for tiletune-nvcc) lists them
// CHECK-DAG: host_code_nvcc_accepts.cu:[[@LINE-4]]:42: warning: no matching function for call to 'isfinite' (Clang's view; no tuned kernel depends on this code: left to nvcc)
template bool all_finite<float>(const float*, int);

int biggest(int a, int b) { return max(a, b); }
// CHECK-DAG: host_code_nvcc_accepts.cu:[[@LINE-1]]:36: warning: no matching function for call to 'max' (Clang's view; no tuned kernel depends on this code: left to nvcc)
int clamp_host(int a, int lo, int hi) { return max(lo, min(a, hi)); }
// CHECK-DAG: host_code_nvcc_accepts.cu:[[@LINE-1]]:56: warning: no matching function for call to 'min' (Clang's view; no tuned kernel depends on this code: left to nvcc)

// Clang's CUDA headers lack __stcs: tiletune/detail/clang_parse_compat.h declares it for the parse.
__global__ void streaming_copy(float4* out, const float4* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) __stcs(out + i, __ldcs(in + i));
}

struct Accumulator {
  float sum;
  __device__ Accumulator() : sum(0) {}
};

__global__ void initialised_shared(float* out) {
  __shared__ Accumulator acc;
  out[threadIdx.x] = acc.sum;
}
// CHECK-DAG: host_code_nvcc_accepts.cu:[[@LINE-3]]:26: warning: initialization is not supported for __shared__ variables (Clang's view; no tuned kernel depends on this code: left to nvcc)

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  int threads = omp_get_max_threads();
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n + threads));
}
