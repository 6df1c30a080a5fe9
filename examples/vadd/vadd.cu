// vadd: the seed example. One annotation tunes the block size (tile) and the occupancy hint of a
// vector addition; the result is checked against the CPU, and the tuning table printed.
#include "../common/example_support.h"

#include <cmath>

template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

void add(const float* a, const float* b, float* c, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256, 512), occupancy = (1, 2, 4)), key = (n),
           blocks = cld(n, $tile), threads = $tile, stream = s, vadd<$tile>(a, b, c, n));
}

int main() {
  if (!example::have_gpu("vadd")) return 0;
  const int n = 1 << 26;  // 64 Mi floats: 768 MiB moved per launch, far beyond L2
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = std::sin(0.001f * i);
    b[i] = std::cos(0.002f * i) + 1.0f;
  }
  float *da, *db, *dc;
  EXAMPLE_CHECK(cudaMalloc(&da, n * sizeof(float)));
  EXAMPLE_CHECK(cudaMalloc(&db, n * sizeof(float)));
  EXAMPLE_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  EXAMPLE_CHECK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  EXAMPLE_CHECK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  EXAMPLE_CHECK(cudaMemset(dc, 0xff, n * sizeof(float)));  // NaN: any element left unwritten fails
  cudaStream_t stream;
  EXAMPLE_CHECK(cudaStreamCreate(&stream));

  try {
    add(da, db, dc, n, stream);  // tunes, then launches the winner
    add(da, db, dc, n, stream);  // straight to the winner
  } catch (const tiletune::Error& e) {
    std::fprintf(stderr, "vadd: %s\n", e.what());
    return 1;
  }
  EXAMPLE_CHECK(cudaStreamSynchronize(stream));
  EXAMPLE_CHECK(cudaGetLastError());
  EXAMPLE_CHECK(cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (!(std::fabs(c[i] - (a[i] + b[i])) <= 1e-6f * std::fabs(a[i] + b[i]) + 1e-6f)) ++wrong;

  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (!r.logged) std::printf("%s", r.table().c_str());  // TILETUNE_LOG=1 printed the others
  const double bytes = 3.0 * n * sizeof(float);
  for (const tiletune::TuningResult& r : tiletune::tuning_results()) {
    const tiletune::Measurement& best = r.measurements[r.best];
    std::printf("winner: tile=%lld occupancy=%lld, %.4f ms, %.0f GB/s\n", best.config[0],
                best.config[1], best.median_ms, bytes / best.median_ms / 1e6);
  }
  EXAMPLE_CHECK(cudaFree(da));
  EXAMPLE_CHECK(cudaFree(db));
  EXAMPLE_CHECK(cudaFree(dc));
  EXAMPLE_CHECK(cudaStreamDestroy(stream));
  if (wrong) {
    std::printf("vadd: FAILED: %d of %d elements differ from the CPU reference\n", wrong, n);
    return 1;
  }
  std::printf("vadd: OK (%d elements match the CPU reference)\n", n);
  return 0;
}
