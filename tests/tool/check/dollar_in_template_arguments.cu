// A launch expression is evaluated at run time, where `$name` is the configuration's value: inside
// template arguments of its own (`shmem = sizeof(Storage<$m>)`, as tiny-flash-attention's launcher
// sizes its shared memory by `sizeof(SharedStorage<...>)` of the tuned traits) it cannot be a
// template argument, and nvcc refused the rewritten file ("expression must have a constant
// value"). It is an error at the `$name`, saying to write the value as arithmetic. The kernel's
// own template arguments, nested ones included, are instantiated per configuration and stay
// accepted, as does a comparison with `$name` outside template arguments.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %tiletune %s -o %t.ok.cu -- -DONLY_ACCEPTED 2>&1 | FileCheck --allow-empty --check-prefix=OK %s

#include <tiletune/tiletune.h>

template <int M>
struct Storage {
  float tile[M][64];
};

template <int M>
struct Tile {
  static constexpr int rows = M;
};

template <int M>
__device__ int rows_of() { return M; }

template <typename T>
__global__ void fill(float* out, int n, int rows) {
  extern __shared__ float smem[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  smem[threadIdx.x % T::rows] = float(rows);
  __syncthreads();
  if (i < n) out[i] = smem[threadIdx.x % T::rows];
}

int width(int m) { return m; }

void run(float* out, int n) {
#ifndef ONLY_ACCEPTED
  TILETUNE(space = (m = (32, 64)), blocks = cld(n, 128), threads = 128,
           shmem = sizeof(Storage<$m>), fill<Tile<$m>>(out, n, $m));
  // CHECK-DAG: dollar_in_template_arguments.cu:[[@LINE-1]]:35: error: '$m' is a template argument in 'shmem', where it is the configuration's value at run time, which no template argument can take (only the kernel's own template arguments are instantiated per configuration): write the value as arithmetic on '$' names instead
  TILETUNE(space = (m = (32, 64)), blocks = cld(n, Tile<$m>::rows), threads = 128,
           fill<Tile<$m>>(out, n, Tile<$m>::rows));
  // CHECK-DAG: dollar_in_template_arguments.cu:[[@LINE-2]]:57: error: '$m' is a template argument in 'blocks'
  // CHECK-DAG: dollar_in_template_arguments.cu:[[@LINE-2]]:40: error: '$m' is a template argument in a kernel argument
#endif
  TILETUNE(space = (m = (32, 64)), blocks = cld(n, 128), threads = $m < 64 ? 128 : 256,
           shmem = $m * 64 * sizeof(float), fill<Tile<$m>>(out, n, width($m)));
}
// OK-NOT: error
