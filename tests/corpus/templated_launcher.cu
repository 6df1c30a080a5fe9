// A launcher template in the style of an inference engine's CUDA backend: RMS normalisation of
// each row, one launcher instantiated for float and for double, its kernel templated on the block
// size (tuned), on whether to scale (the launcher's own `bool` parameter) and on the element type,
// which the launch leaves to deduction from its arguments. Each instantiation is a site of its own,
// with its own slice and tuning.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <cmath>
#include <vector>

template <int BLOCK, bool SCALE, typename T>
__global__ void rms_norm_rows(const T* x, T* y, T scale, int ncols) {
  __shared__ T partial[BLOCK];
  const T* row = x + static_cast<size_t>(blockIdx.x) * ncols;
  T sum = 0;
  for (int c = threadIdx.x; c < ncols; c += BLOCK) sum += row[c] * row[c];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  const T inverse = T(1) / sqrt(partial[0] / T(ncols) + T(1e-6));
  for (int c = threadIdx.x; c < ncols; c += BLOCK) {
    T v = row[c] * inverse;
    y[static_cast<size_t>(blockIdx.x) * ncols + c] = SCALE ? v * scale : v;
  }
}

template <bool SCALE, typename T>
void rms_norm(const T* x, T* y, T scale, int nrows, int ncols, cudaStream_t stream) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = nrows, threads = $block, stream = stream,
           rms_norm_rows<$block, SCALE>(x, y, scale, ncols));
}

// The CPU reference, the same arithmetic in double.
template <typename T>
std::vector<T> rms_norm_reference(const std::vector<T>& x, T scale, bool scaled, int nrows,
                                  int ncols) {
  std::vector<T> y(x.size());
  for (int r = 0; r < nrows; ++r) {
    double sum = 0;
    for (int c = 0; c < ncols; ++c) sum += double(x[r * ncols + c]) * x[r * ncols + c];
    const double inverse = 1.0 / std::sqrt(sum / ncols + 1e-6);
    for (int c = 0; c < ncols; ++c)
      y[r * ncols + c] = static_cast<T>(x[r * ncols + c] * inverse * (scaled ? scale : 1));
  }
  return y;
}

template <typename T>
std::vector<T> rows_of(int nrows, int ncols) {
  std::vector<T> x(static_cast<size_t>(nrows) * ncols);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<T>(int((i * 7919) % 211) - 105) / 17;
  return x;
}

// Two instantiations of the launcher, 3 block sizes each.
TEST(CorpusTemplatedLauncher, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("templated_launcher.cu", 6);
}

TEST(CorpusTemplatedLauncher, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int nrows = 64, ncols = 1000;
  std::vector<float> xf = rows_of<float>(nrows, ncols);
  tiletune::testing::DeviceBuffer<float> dxf(xf), dyf(xf.size());
  dyf.poison();
  rms_norm<true>(dxf.get(), dyf.get(), 0.5f, nrows, ncols, nullptr);
  EXPECT_EQ(tiletune::corpus::count_mismatches(
                dyf.read(), rms_norm_reference(xf, 0.5f, true, nrows, ncols), 1e-5f),
            0);

  std::vector<double> xd = rows_of<double>(nrows, ncols);
  tiletune::testing::DeviceBuffer<double> dxd(xd), dyd(xd.size());
  dyd.poison();
  rms_norm<false>(dxd.get(), dyd.get(), 2.0, nrows, ncols, nullptr);
  std::vector<double> got = dyd.read(), want = rms_norm_reference(xd, 2.0, false, nrows, ncols);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-9) << "element " << i;
}
