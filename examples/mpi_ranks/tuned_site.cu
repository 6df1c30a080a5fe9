// A vector scale-and-add tuned on every rank: with the broadcast hook, rank 0 measures and the
// others launch its winner.
#include "../common/example_support.h"
#include "tuned_site.h"

#include <cmath>

template <int TILE>
__global__ void axpy(float alpha, const float* x, float* y, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] + y[i];
}

namespace {

void axpy_tuned(float alpha, const float* x, float* y, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256, 512), occupancy = (1, 2, 4)), key = (n),
           blocks = cld(n, $tile), threads = $tile, stream = s, restore = (y, n * sizeof(float)),
           axpy<$tile>(alpha, x, y, n));
}

}  // namespace

namespace mpi_ranks {

SiteOutcome run_tuned_site() {
  SiteOutcome outcome;
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return outcome;
  outcome.gpu = true;
  const int n = 1 << 24;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = std::sin(0.001f * i);
    y[i] = std::cos(0.002f * i);
  }
  float* dx = example::to_device(x);
  float* dy = example::to_device(y);
  cudaStream_t stream;
  EXAMPLE_CHECK(cudaStreamCreate(&stream));
  axpy_tuned(2.0f, dx, dy, n, stream);  // the first launch: tunes on rank 0, adopts elsewhere
  EXAMPLE_CHECK(cudaStreamSynchronize(stream));
  // `restore` puts y back around every trial: the output is one axpy.
  std::vector<float> got = example::to_host(dy, n);
  outcome.correct = true;
  for (int i = 0; i < n && outcome.correct; ++i)
    outcome.correct = std::fabs(got[i] - (2.0f * x[i] + y[i])) <= 1e-5f * (1 + std::fabs(got[i]));
  for (const tiletune::TuningResult& r : tiletune::tuning_results()) {
    const tiletune::Measurement& best = r.measurements[r.best];
    outcome.winner.clear();
    for (int a = 0; a < best.config.size(); ++a)
      outcome.winner += (a ? " " : "") + r.axis_names[a] + "=" + std::to_string(best.config[a]);
    outcome.tuned = r.tuned && !r.from_file && !r.from_root && !r.cache_hit;
  }
  EXAMPLE_CHECK(cudaFree(dx));
  EXAMPLE_CHECK(cudaFree(dy));
  EXAMPLE_CHECK(cudaStreamDestroy(stream));
  return outcome;
}

}  // namespace mpi_ranks
