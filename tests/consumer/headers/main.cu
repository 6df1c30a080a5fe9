// Scales a buffer through a.cu and b.cu, which share an annotated header. Prints "headers: ok"
// after checking the result on a GPU, "headers: built, no GPU" without one.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

void scale_a(const float* in, float* out, int n);
void scale_b(const float* in, float* out, int n);

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("headers: built, no GPU\n");
    return 0;
  }
  const int n = 1 << 16;
  std::vector<float> host(n, 1.0f);
  float *x = nullptr, *y = nullptr;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  scale_a(x, y, n);
  scale_b(y, x, n);
  cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(x);
  cudaFree(y);
  int wrong = 0;
  for (float v : host) wrong += v != 9.0f;
  if (wrong) {
    std::printf("headers: FAILED: %d of %d values are not 9\n", wrong, n);
    return 1;
  }
  std::printf("headers: ok\n");
  return 0;
}
