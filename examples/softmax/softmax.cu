// softmax: one kernel, one row per block, tuned on block size and occupancy only.
#include "../common/example_support.h"

#include <algorithm>
#include <cmath>

template <int BLOCK>
__global__ void softmax_rows(const float* x, float* y, int cols) {
  __shared__ float scratch[BLOCK];
  const float* row = x + static_cast<long long>(blockIdx.x) * cols;
  float* out = y + static_cast<long long>(blockIdx.x) * cols;

  float local_max = __int_as_float(0xff800000);  // -infinity
  for (int c = threadIdx.x; c < cols; c += BLOCK) local_max = fmaxf(local_max, row[c]);
  scratch[threadIdx.x] = local_max;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) scratch[threadIdx.x] = fmaxf(scratch[threadIdx.x], scratch[threadIdx.x + s]);
    __syncthreads();
  }
  const float row_max = scratch[0];
  __syncthreads();

  float local_sum = 0.0f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) local_sum += __expf(row[c] - row_max);
  scratch[threadIdx.x] = local_sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
    __syncthreads();
  }
  const float inverse = 1.0f / scratch[0];
  for (int c = threadIdx.x; c < cols; c += BLOCK) out[c] = __expf(row[c] - row_max) * inverse;
}

void softmax(const float* x, float* y, int rows, int cols, cudaStream_t stream) {
  TILETUNE(space = (block = (128, 256, 512, 1024), occupancy = (1, 2, 4)),
           key = (rows, cols),
           blocks = rows,
           threads = $block,
           stream = stream,
           softmax_rows<$block>(x, y, cols));
}

int main() {
  if (!example::have_gpu("softmax")) return 0;
  const int rows = 8192, cols = 4096;
  std::vector<float> x(static_cast<std::size_t>(rows) * cols);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.37f * static_cast<float>(i % 9973)) * 4;
  float* dx = example::to_device(x);
  float* dy = nullptr;
  EXAMPLE_CHECK(cudaMalloc(&dy, x.size() * sizeof(float)));
  EXAMPLE_CHECK(cudaMemset(dy, 0xff, x.size() * sizeof(float)));
  softmax(dx, dy, rows, cols, nullptr);
  std::vector<float> y = example::to_host(dy, x.size());

  double worst = 0;
  for (int r = 0; r < rows; r += 97) {  // a sample of rows, in double precision
    const float* row = &x[static_cast<std::size_t>(r) * cols];
    double m = row[0], sum = 0;
    for (int c = 0; c < cols; ++c) m = std::max(m, static_cast<double>(row[c]));
    for (int c = 0; c < cols; ++c) sum += std::exp(row[c] - m);
    for (int c = 0; c < cols; ++c) {
      double want = std::exp(row[c] - m) / sum;
      double got = y[static_cast<std::size_t>(r) * cols + c];
      worst = std::max(worst, std::isnan(got) ? 1e9 : std::fabs(got - want) / want);
    }
  }
  EXAMPLE_CHECK(cudaFree(dx));
  EXAMPLE_CHECK(cudaFree(dy));
  char what[96];
  std::snprintf(what, sizeof what, "largest relative error %.2e against a float64 reference", worst);
  return example::finish("softmax", worst < 1e-4, what);
}
