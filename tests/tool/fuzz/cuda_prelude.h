// What the fuzzer's kernels need from CUDA, without CUDA's own headers (parsed with -nocudainc):
// parsing those for every input would make each run several times slower. The tool and the
// re-parse of its output both see this file through -include.
#pragma once

#include <__clang_cuda_builtin_vars.h>  // blockIdx, threadIdx, ...
#include <stdlib.h>                     // Clang's cuda_wrappers/new calls ::malloc

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

typedef struct CUstream_st* cudaStream_t;

struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};
