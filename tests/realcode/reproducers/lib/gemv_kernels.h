// For kernel_defined_in_other_file.cu: kernels declared here and defined in another .cu (as
// FastGEMV's fast_gemv.cuh declares those of fast_gemv.cu).
#pragma once
#include <cuda_fp16.h>

__global__ void gemv_fp16(half* mat, half* vec, half* res, unsigned int n,
                          unsigned int num_per_thread);
