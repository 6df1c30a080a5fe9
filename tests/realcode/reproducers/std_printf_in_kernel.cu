// FIXED (lit slice/std_printf.cu). `std::printf` in a kernel template: nvcc compiles it (<cstdio>'s
// std::printf is `using ::printf;`, which CUDA declares for device code), and NVRTC has printf
// built in; the tool refused the use ("'std::printf' comes from <cstdio>, which NVRTC cannot
// compile into the tuned kernel, and libcu++ has no counterpart of it in cuda::std"). The slice now
// says `namespace std { using ::printf; }`. Found in: nccltests/inexact_regress (nccl-tests
// verifiable/inexact_regress.cu).
// Reproduce: tiletune std_printf_in_kernel.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <cstdio>

template <typename F>
__global__ void kernel(F scale) {
  if (threadIdx.x == 0) std::printf("  coef=%1.10f\n", double(scale));
}

int main() {
  TILETUNE(space = (occupancy = (1, 2)), blocks = 1, threads = 32, kernel<float>(0.5f));
  return cudaDeviceSynchronize() != cudaSuccess;
}
