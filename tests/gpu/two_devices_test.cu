// One process, two GPUs of one model: two threads launch the same site and key at once, one on
// each GPU. Both outputs are right, the key is measured once (on whichever GPU's thread got there
// first; the other waits in memory or finds it stored), and both GPUs launch the same winner, each
// from its own context. Skips with fewer than two GPUs, or two of different models.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

template <int TILE>
__global__ void scale_add(const float* x, float* y, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) y[i] = 3.0f * x[i] + 1.0f;
}

void scale_add_tuned(const float* x, float* y, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256, 512), occupancy = (1, 2)), key = (n),
           blocks = cld(n, $tile), threads = $tile, stream = s, scale_add<$tile>(x, y, n));
}

TEST(TwoDevices, EverySiteCompiles) {
  tiletune::testing::expect_every_site_compiles("two_devices_test.cu", 8);
}

TEST(TwoDevices, OneTuningAndOneWinnerForTwoGpusOfOneModel) {
  TILETUNE_REQUIRE_GPU();
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  if (count < 2) GTEST_SKIP() << "one GPU: two are needed";
  cudaDeviceProp p0{}, p1{};
  cudaGetDeviceProperties(&p0, 0);
  cudaGetDeviceProperties(&p1, 1);
  if (std::string(p0.name) != p1.name || p0.multiProcessorCount != p1.multiProcessorCount)
    GTEST_SKIP() << "GPUs 0 and 1 are of different models";
  // A results file of this test's own, so the key is tuned here.
  char dir[] = "/tmp/tiletune-two-devices-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  setenv("TILETUNE_RESULTS_FILE", (std::string(dir) + "/results.txt").c_str(), 1);

  const int n = (1 << 22) + 5;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 997) * 0.25f;
  int wrong[2] = {-1, -1};
  auto run = [&](int gpu) {
    cudaSetDevice(gpu);
    tiletune::testing::DeviceBuffer<float> dx(x), dy(n);
    dy.poison();
    scale_add_tuned(dx.get(), dy.get(), n, nullptr);
    scale_add_tuned(dx.get(), dy.get(), n, nullptr);  // the winner, from this GPU's context
    const std::vector<float> y = dy.read();
    wrong[gpu] = 0;
    for (int i = 0; i < n; ++i)
      if (!(std::fabs(y[i] - (3.0f * x[i] + 1.0f)) <= 1e-6f * (3.0f * x[i] + 1.0f))) ++wrong[gpu];
  };
  std::thread a(run, 0), b(run, 1);
  a.join();
  b.join();
  EXPECT_EQ(wrong[0], 0);
  EXPECT_EQ(wrong[1], 0);
  int measured = 0, taken = 0;
  std::vector<std::string> winners;
  for (const tiletune::TuningResult& r : tiletune::tuning_results()) {
    if (r.site.find("two_devices_test.cu") == std::string::npos) continue;
    if (r.tuned && !r.cache_hit && !r.from_file)
      ++measured;
    else
      ++taken;
    winners.push_back(std::to_string(r.best_config()[0]));
  }
  EXPECT_EQ(measured, 1);
  EXPECT_EQ(taken, 1);
  ASSERT_EQ(winners.size(), 2u);
  EXPECT_EQ(winners[0], winners[1]);
  std::system((std::string("rm -rf ") + dir).c_str());
}
