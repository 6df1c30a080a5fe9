// FIXED (lit slice/curand_kernel.cu; runtime built_in_files_test CurandKernelCompilesFromBuiltInCopy).
// A kernel template drawing random numbers with cuRAND's device API (a curandStatePhilox4_32_10_t
// per thread, curand_init, curand_uniform4), launched from a host template: nvcc compiles it, and
// NVRTC compiles <curand_kernel.h> (CUDA 13.0, with libcu++ on its include path); the tool refused
// the use ("'curandStatePhilox4_32_10_t' is declared in <curand_kernel.h>, which NVRTC cannot
// compile into the tuned kernel"). The slice now includes <curand_kernel.h> as written, and
// libtiletune's built-in toolkit headers hold it (and what it includes) for machines without the
// toolkit. Found in: russwong/dropout (RussWong/CUDATutorial 16_fused_dropout).
// Reproduce: tiletune curand_kernel_state.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <curand_kernel.h>

template <typename T>
__global__ void drop(const T* x, T* y, unsigned char* mask, int n, float p, int seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, i, 0, &state);
  float4 r = curand_uniform4(&state);
  if (i < n) {
    mask[i] = r.x >= p;
    y[i] = mask[i] ? x[i] / (1.0f - p) : T(0);
  }
}

template <typename T>
void dropout(const T* x, T* y, unsigned char* mask, int n, float p, int seed) {
  TILETUNE(space = (t = (64, 128, 256, 512)), blocks = cld(n, $t), threads = $t,
           drop<T>(x, y, mask, n, p, seed));
}
template void dropout<float>(const float*, float*, unsigned char*, int, float, int);
