// Sizes of unsigned types in a site's expressions (`size_t n`, an `unsigned` tile count, as
// ljsim/md and most C++ code write them): the generated site divides with `cld` and checks the
// launch dimensions, and nvcc compiles it with warnings as errors. `cld`'s rounding compared its
// operands with zero, which for an unsigned type nvcc calls a pointless comparison (#186-D) in
// every such build.
// RUN: %tiletune %s -o %t.cu -- -std=c++17
// RUN: %nvcc -std=c++17 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: FileCheck %s --input-file=%t.cu

#include <tiletune/tiletune.h>

#include <cstddef>

__global__ void scale(double* x, std::size_t n, double factor) {
  std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) x[i] *= factor;
}

void run(double* x, std::size_t n, unsigned per_block, double factor) {
  TILETUNE(space = (t = (64, 128, 256)), blocks = cld(n, $t), threads = $t, scale(x, n, factor));
  TILETUNE(space = (t = (1, 2)), blocks = cld(n, per_block * $t), threads = per_block,
           scale(x, n, factor));
}
// CHECK: ::tiletune::cld(n, {{.*}}t
// CHECK: ::tiletune::cld(n, per_block *
