// custom_space: a space built at run time (the block sizes the device allows, items per thread)
// with a constraint, and a static occupancy hint applied to every configuration.
#include "../common/example_support.h"

#include <cmath>

template <int ITEMS>
__global__ void saxpy(float a, const float* x, float* y, long long n) {
  const long long first = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (first + k < n) y[first + k] = a * x[first + k] + y[first + k];
}

// Block sizes from 64 up to what the device allows, 1, 2 or 4 items per thread, and no more than
// 2048 elements per block.
tiletune::Space saxpy_space() {
  int device = 0, max_threads = 0;
  EXAMPLE_CHECK(cudaGetDevice(&device));
  EXAMPLE_CHECK(cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, device));
  std::vector<long long> tiles;
  for (long long t = 64; t <= max_threads; t *= 2) tiles.push_back(t);
  return tiletune::Space::cartesian({{"tile", tiles}, {"items", {1, 2, 4}}},
                                    [](const tiletune::Config& c) { return c[0] * c[1] <= 2048; });
}

void saxpy(float a, const float* x, float* y, long long n, cudaStream_t s) {
  TILETUNE(space = saxpy_space(),
           occupancy = 2,
           restore = (y, n * sizeof(float)),
           blocks = cld(n, $tile * $items),
           threads = $tile,
           stream = s,
           saxpy<$items>(a, x, y, n));
}

int main() {
  if (!example::have_gpu("custom_space")) return 0;
  const long long n = 1ll << 25;
  std::vector<float> x(n), y(n);
  for (long long i = 0; i < n; ++i) {
    x[i] = std::sin(0.001f * static_cast<float>(i % 100003));
    y[i] = 1.0f + static_cast<float>(i % 7);
  }
  float* dx = example::to_device(x);
  float* dy = example::to_device(y);
  saxpy(3.0f, dx, dy, n, nullptr);
  std::vector<float> out = example::to_host(dy, n);
  long long wrong = 0;
  for (long long i = 0; i < n; ++i)
    if (!(std::fabs(out[i] - (3.0f * x[i] + y[i])) <= 1e-5f * std::fabs(3.0f * x[i] + y[i]) + 1e-6f)) ++wrong;
  EXAMPLE_CHECK(cudaFree(dx));
  EXAMPLE_CHECK(cudaFree(dy));
  char what[96];
  std::snprintf(what, sizeof what, "%lld of %lld elements differ from the CPU reference", wrong, n);
  return example::finish("custom_space", wrong == 0, what);
}
