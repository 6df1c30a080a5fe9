// runtime (documented): the last iteration asks for a grid of 0 blocks; tiletune throws
// tiletune::Error ('a launch dimension (x) is 0') and the program aborts, where the plain launch
// only sets cudaErrorInvalidConfiguration, which the author never reads. Found in: polybench/lu (on
// the H200).

#include <tiletune/tiletune.h>

__global__ void scale_row(float* a, int n, int k) {
  int j = k + 1 + blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n) a[k * n + j] /= a[k * n + k];
}

void lu_rows(float* a, int n) {
  for (int k = 0; k < n; k++)  // the last k asks for a grid of 0 blocks, as polybench/lu does
    TILETUNE(space = (bx = (128, 256)), key = (n), blocks = cld(n - (k + 1), $bx), threads = $bx,
             restore = (a, sizeof(float) * n * n), scale_row(a, n, k));
}
