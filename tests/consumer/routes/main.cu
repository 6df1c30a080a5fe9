// A two-kernel project: main.cu has no annotation; heat/kernels.cu and norm/kernels.cu each hold
// one. Prints "routes: ok" after checking the results on a GPU, "routes: built, no GPU" without.
#include "heat/kernels.h"
#include "norm/kernels.h"

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("routes: built, no GPU\n");
    return 0;
  }
  const int n = 1 << 16;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = static_cast<float>(i % 7);
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  heat::step(a, b, n, 0.25f, 0);
  scaling::scale(b, n, 2.0f, 0);
  std::vector<float> result(n);
  cudaMemcpy(result.data(), b, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const float step = (i == 0 || i == n - 1)
                           ? host[i]
                           : host[i] + 0.25f * (host[i - 1] - 2.0f * host[i] + host[i + 1]);
    if (std::fabs(result[i] - 2.0f * step) > 1e-5f) ++wrong;
  }
  cudaFree(a);
  cudaFree(b);
  if (wrong) {
    std::printf("routes: FAILED: %d of %d values wrong\n", wrong, n);
    return 1;
  }
  std::printf("routes: ok\n");
  return 0;
}
