// norm/kernels.cu: one tuned kernel; a file of the same base name as heat/kernels.cu.
#include "kernels.h"

#include <tiletune/tiletune.h>

__global__ void scale_kernel(float* x, int n, float factor) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    x[i] *= factor;
}

namespace scaling {
void scale(float* x, int n, float factor, cudaStream_t stream) {
  TILETUNE(space = (tpb = (128, 256), grid = (64, 128)),
           key = (n),
           restore = (x, n * sizeof(float)),
           blocks = $grid,
           threads = $tpb,
           stream = stream,
           scale_kernel(x, n, factor));
}
}  // namespace scaling
