// Thread-block clusters from `num_ctas`, as an axis and as a static hint: every block reports its
// cluster's size and its rank in it (PTX special registers), which must match the launched shape.
// Here: the device source compiles in every configuration.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <vector>

template <int TILE>
__global__ void cluster_shape(int* out, int n) {
  unsigned rank = 0, size = 0;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(size));
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) out[i] = static_cast<int>(size * 1000 + rank);
}

void tuned_clusters(int* out, int n) {
  TILETUNE(space = (tile = (128, 256), num_ctas = (1, 2, 4)), blocks = cld(n, $tile),
           threads = $tile, cluster_shape<$tile>(out, n));
}

void pairs(int* out, int n) {
  TILETUNE(space = (tile = (128, 256)), num_ctas = 2, blocks = cld(n, $tile), threads = $tile,
           cluster_shape<$tile>(out, n));
}

namespace {

// Every element says its block's cluster was `clusters` blocks and its rank is its block's.
int mismatches(const std::vector<int>& out, int tile, int clusters) {
  int wrong = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    int block = static_cast<int>(i) / tile;
    if (out[i] != clusters * 1000 + block % clusters) ++wrong;
  }
  return wrong;
}

}  // namespace

TEST(Cluster, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("cluster_test.cu", 8);
}

TEST(Cluster, TheTunedClusterSizeIsTheOneLaunched) {
  TILETUNE_REQUIRE_GPU();
  tiletune::clear_results();
  const int n = 1 << 20;  // a multiple of every tile x cluster
  tiletune::testing::DeviceBuffer<int> out(n);
  out.poison();
  tuned_clusters(out.get(), n);
  const tiletune::TuningResult r = tiletune::tuning_results().back();  // a copy: the list is returned by value
  for (const tiletune::Measurement& m : r.measurements) EXPECT_TRUE(m.ok) << m.failure;
  tiletune::Config best = r.best_config();
  EXPECT_EQ(mismatches(out.read(), static_cast<int>(best[0]), static_cast<int>(best[1])), 0);
}

TEST(Cluster, AStaticNumCtasLaunchesClustersOfThatSize) {
  TILETUNE_REQUIRE_GPU();
  tiletune::clear_results();
  const int n = (1 << 18);
  tiletune::testing::DeviceBuffer<int> out(n);
  out.poison();
  pairs(out.get(), n);
  tiletune::Config best = tiletune::tuning_results().back().best_config();
  EXPECT_EQ(mismatches(out.read(), static_cast<int>(best[0]), 2), 0);
}

TEST(Cluster, AClusterThatDoesNotDivideTheGridIsRefusedWithItsReason) {
  TILETUNE_REQUIRE_GPU();
  tiletune::clear_results();
  const int n = 128 * 6;  // 6 blocks of 128: clusters of 4 do not fit; 3 blocks of 256: only 1
  tiletune::testing::DeviceBuffer<int> out(n);
  tuned_clusters(out.get(), n);
  const tiletune::TuningResult r = tiletune::tuning_results().back();  // a copy: the list is returned by value
  int refused = 0;
  for (const tiletune::Measurement& m : r.measurements)
    if (!m.ok) {
      ++refused;
      EXPECT_NE(m.failure.find("does not divide the grid's x dimension"), std::string::npos)
          << m.failure;
    }
  EXPECT_EQ(refused, 3);  // tile=128 num_ctas=4, tile=256 num_ctas=2 and 4
  tiletune::Config best = r.best_config();
  EXPECT_EQ(mismatches(out.read(), static_cast<int>(best[0]), static_cast<int>(best[1])), 0);
}
