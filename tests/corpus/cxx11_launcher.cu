// A user's translation unit built as C++11 (CUDA_STANDARD 11: nvcc -std=c++11), as older
// codebases are: tiletune's headers and the generated sites compile in that language, a
// per-configuration argument and the tuning options included, and they tune and launch at run
// time. Its tests (cxx11_launcher_test.cpp) are C++17 and call the two launchers below.
#include <tiletune/tiletune.h>

template <int BLOCK, int ITEMS>
__global__ void scale_add(int n, float a, const float* x, float* y, int items) {
  int base = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
  for (int k = 0; k < items; ++k) {
    int i = base + k;
    if (i < n) y[i] += a * x[i];
  }
}

__global__ void fill(float* y, float value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = value;
}

// y += a * x; y is written in place, so tuning restores it around every trial.
void cxx11_scale_add(int n, float a, const float* x, float* y) {
  TILETUNE(space = (block = (64, 128, 256), items = (1, 2, 4)), where = $block * $items <= 512,
           restore = (y, n * sizeof(float)), blocks = cld(n, $block * $items), threads = $block,
           scale_add<$block, $items>(n, a, x, y, $items));
}

// A space built at run time, one per key.
void cxx11_fill(int n, float value, float* y) {
  TILETUNE(space = tiletune::Space::cartesian({{"block", {128, 256}}}), key = (n),
           blocks = cld(n, $block), threads = $block, fill(y, value, n));
}
