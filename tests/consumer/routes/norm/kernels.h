// norm/kernels.h: a header of the same name as heat's, found through norm/'s own directory.
#pragma once
#include <cuda_runtime.h>

namespace scaling {
// x[i] *= factor for every i < n.
void scale(float* x, int n, float factor, cudaStream_t stream);
}  // namespace scaling
