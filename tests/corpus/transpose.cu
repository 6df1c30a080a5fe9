// Matrix transpose through a padded shared-memory tile, each thread moving several rows
// (the NVIDIA blog's kernel), tile and rows per thread from macros and template parameters.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#define TILE_DIM 32

template <int BLOCK_ROWS>
__global__ void transpose_tiled(float* odata, const float* idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

static void transpose(float* out, const float* in, int width, int height) {
  TILETUNE(space = (rows = (8, 16, 32)), key = (width, height),
           blocks = (cld(width, 32), cld(height, 32)), threads = (32, $rows),
           transpose_tiled<$rows>(out, in, width, height));
}

TEST(CorpusTranspose, SlicesCompile) { tiletune::corpus::expect_slices_compile("transpose.cu", 3); }

TEST(CorpusTranspose, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int w = 300, h = 170;
  std::vector<float> in(w * h), want(w * h);
  for (int i = 0; i < w * h; ++i) in[i] = static_cast<float>(i);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) want[x * h + y] = in[y * w + x];
  tiletune::testing::DeviceBuffer<float> din(in), dout(w * h);
  transpose(dout.get(), din.get(), w, h);
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(), want, 0.f), 0);
}
