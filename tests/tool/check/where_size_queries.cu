// `sizeof(...)` and `alignof(...)` in `where` are constants Clang evaluates where the annotation is
// written, as a name's value is (leimao's GEMM launchers bound a tile's static shared memory,
// `(bx + by) * bk * sizeof(T) <= 49152`): the space keeps the configurations that satisfy it. In a
// function template a `sizeof(T)` has no one value for the site's one space: an error at its column
// that says to write the bound for the largest type.
// RUN: not %tiletune %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s
// RUN: sed -e '/^\/\/ BEGIN errors/,/^\/\/ END errors/d' %s > %t.in.cu
// RUN: %tiletune %t.in.cu -o %t.out.cu -- -I%{tiletune_include}
// RUN: FileCheck %s --check-prefix=SPACE --input-file=%t.out.cu

#include <tiletune/tiletune.h>

struct alignas(16) Pair {
  double a, b;
};

template <typename T, int TILE>
__global__ void fill(T* out, int n) {
  __shared__ T tile[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % TILE] = T(i);
  if (i < n) out[i] = tile[threadIdx.x % TILE];
}

void run(double* out, int n) {
  TILETUNE(space = (t = (128, 256, 512, 1024)),
           where = $t * sizeof(double) <= 4096 && $t * sizeof( unsigned   int ) >= 512,
           blocks = cld(n, $t), threads = $t, fill<double, $t>(out, n));
  // SPACE: return tt_cfg[0] * (8ll) <= 4096 && tt_cfg[0] * (4ll) >= 512;
}

void run_aligned(Pair* out, int n) {
  TILETUNE(space = (t = (64, 128, 256)), where = $t * alignof(Pair) <= 2048,
           blocks = cld(n, $t), threads = $t, fill<Pair, $t>(out, n));
  // SPACE: return tt_cfg[0] * (16ll) <= 2048;
}

// BEGIN errors
// The tool evaluates the sizes: a bound no configuration meets is the error it is.
void too_small(double* out, int n) {
  TILETUNE(space = (t = (128, 256)), where = $t * sizeof(double) <= 512, blocks = cld(n, $t),
           threads = $t, fill<double, $t>(out, n));
  // CHECK: where_size_queries.cu:[[@LINE-2]]:46: error: 'where' leaves the space empty: it removes all 2 configurations
}

template <typename T>
void run_template(T* out, int n) {
  TILETUNE(space = (t = (128, 256, 512, 1024)), where = $t * sizeof(T) <= 4096,
           blocks = cld(n, $t), threads = $t, fill<T, $t>(out, n));
  // CHECK: where_size_queries.cu:[[@LINE-2]]:62: error: 'sizeof(T)' in 'where' depends on the enclosing template's parameters: 'where' is evaluated once for the annotation, the same space for every instantiation, so a name in it must have one value; write the bound that holds for all of them (for sizeof(T), the largest type's size)
}
template void run_template<float>(float*, int);
// END errors
