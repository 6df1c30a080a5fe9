// What stays refused of the variables a kernel shares with host code (symbols_shared_with_host.cu
// and symbols_internal_linkage.cu have what is accepted): a __managed__ variable, which host code
// reads and writes directly, with no call the runtime could follow to keep the tuned kernel's own
// copy in step (an error at the kernel's use, with a note at the declaration); a `static` one whose
// `static` a macro spells, which the slice cannot leave out of its copy; and a variable template's
// specialization of internal linkage. These are errors whether or not the device check runs: NVRTC
// would compile them, and the tuned kernel would then read a copy the runtime never writes.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

#define FILE_TABLE static __constant__ float

__managed__ float scale;
// CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:19: note: 'scale' declared here
FILE_TABLE offsets[4];
// CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:12: error: 'offsets' is reached from host code through the runtime API and is `static`, which tiletune leaves out of the tuned kernel's copy; write `static` in the declaration itself, not through a macro
template <int N>
static __device__ float powers[N];
// CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:25: error: 'powers' is reached from host code through the runtime API and has internal linkage, which tiletune carries into the tuned kernel only for a plain variable at namespace scope, not a template's; give it external linkage (no `static`, no anonymous namespace)

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = out[i] * scale + offsets[i & 3] + powers<4>[i & 3];
  // CHECK-DAG: refuse_shared_symbols.cu:[[@LINE-1]]:32: error: 'scale' is __managed__: host code reads and writes it directly, and the tuned kernel (compiled separately by NVRTC) would use its own copy; pass a pointer to managed memory as a kernel argument instead (used in 'k')
}

void setup(const float* host) {
  scale = 2.0f;
  cudaMemcpyToSymbol(offsets, host, 4 * sizeof(float));
  cudaMemcpyToSymbol(powers<4>, host, 4 * sizeof(float));
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}
