// tool (annotation/check): FIXED in part on branch corpus3 (lit tests/tool/check/
// where_size_queries.cu, where_constant_errors.cu). `sizeof(...)` in `where` was refused with an
// error spanning the whole expression ("'where' must be an expression over '$' names, integer
// literals and names of integer constants ..."), so a bound on a tile's static shared memory could
// not be written. Now `sizeof(...)`/`alignof(...)` are constants Clang evaluates, as names are.
// NOT FIXED: in a function template, `sizeof(T)` (or a `constexpr` local made from it) has no
// single value for the site's one space ('where' is evaluated once, not per instantiation); the
// error now says so and to write the bound for the largest type. Found in: leimao/gemm (launchers
// explicitly instantiated for float, double and __half; the annotations there bound with `* 8`).
// Reproduce: tiletune where_sizeof.cu -o out.cu -- -I<tiletune>/include

#include <tiletune/tiletune.h>

template <typename T, int TILE>
__global__ void fill(T* out, int n) {
  __shared__ T tile[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % TILE] = T(i);
  if (i < n) out[i] = tile[threadIdx.x % TILE];
}

void run(double* out, int n) {  // accepted now
  TILETUNE(space = (t = (128, 256, 512, 1024)), where = $t * sizeof(double) <= 4096,
           blocks = cld(n, $t), threads = $t, fill<double, $t>(out, n));
}

template <typename T>
void run_any(T* out, int n) {  // refused: 'sizeof(T)' depends on the enclosing template's parameters
  TILETUNE(space = (t = (128, 256, 512, 1024)), where = $t * sizeof(T) <= 4096,
           blocks = cld(n, $t), threads = $t, fill<T, $t>(out, n));
}
template void run_any<float>(float*, int);
