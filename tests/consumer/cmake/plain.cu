// No annotation: tiletune-nvcc passes this file straight to nvcc.
#include <cuda_runtime.h>

#include <cstdio>

void scale_all(float* x, int n);

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("consumer: built; no GPU here\n");
    return 0;
  }
  float* x = nullptr;
  cudaMalloc(&x, 1024 * sizeof(float));
  cudaMemset(x, 0, 1024 * sizeof(float));
  scale_all(x, 1024);
  cudaDeviceSynchronize();
  std::printf("consumer: ran on the GPU\n");
  return 0;
}
