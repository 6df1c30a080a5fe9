// tool (check): a kernel call that leaves out arguments the kernel gives defaults (`T* S = NULL`)
// was refused: "'scan' takes 4 arguments, but 3 are given", where nvcc takes
// `scan<int><<<1, 1024, s>>>(x, y, n)`. Fixed 2026-11-29: the launch passes each default as the
// constant it is (tests/tool/emit/default_arguments.cu), and a default that is not such a constant
// is an error that says to write the argument (tests/tool/check/default_argument_not_constant.cu).
// Found in: pmpp/scan (R100001/Programming-Massively-Parallel-Processors, scan_kernels.cuh).

#include <tiletune/tiletune.h>

template <typename T>
__global__ void scan(T* X, T* Y, int n, T* S = NULL) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) Y[i] = X[i];
  if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = Y[i];
}

void run(int* x, int* y, int n) {
  TILETUNE(space = (occupancy = (1, 2)), blocks = 1, threads = 1024, shmem = 2048 * sizeof(int),
           scan<int>(x, y, n));
}
