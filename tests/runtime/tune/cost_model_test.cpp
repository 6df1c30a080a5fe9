// The cost model's arithmetic (tune/cost_model.h): blocks per multiprocessor from threads,
// registers and shared memory; waves and the device's use.
#include "tune/cost_model.h"

#include <gtest/gtest.h>

namespace tiletune::detail {
namespace {

// An H100's or H200's multiprocessors, as the CUDA driver reports them.
DeviceInfo hopper() {
  DeviceInfo d;
  d.multiprocessors = 132;
  d.max_threads_per_multiprocessor = 2048;
  d.max_shared_per_multiprocessor = 228 * 1024;
  d.registers_per_multiprocessor = 65536;
  return d;
}

Geometry blocks_of(unsigned blocks, unsigned threads, unsigned shmem = 0) {
  return Geometry{Dim(blocks), Dim(threads), shmem, nullptr};
}

TEST(CostModel, TheScarcestResourceSetsTheBlocksPerMultiprocessor) {
  const DeviceInfo d = hopper();
  // 256 threads: 8 blocks by threads; 64 registers: 65,536 / (256 x 64) = 4 blocks.
  EXPECT_EQ(predict_cost(d, blocks_of(10000, 256), -1, -1, 0).blocks_per_multiprocessor, 8);
  EXPECT_EQ(predict_cost(d, blocks_of(10000, 256), 64, 0, 0).blocks_per_multiprocessor, 4);
  // 100 KB of static shared memory: 2 blocks; dynamic shared memory counts with it.
  EXPECT_EQ(predict_cost(d, blocks_of(10000, 256), 64, 100 * 1024, 0).blocks_per_multiprocessor, 2);
  EXPECT_EQ(
      predict_cost(d, blocks_of(10000, 256, 60 * 1024), 64, 40 * 1024, 0).blocks_per_multiprocessor,
      2);
  // The occupancy hint bounds it from above, as the launch bounds do.
  EXPECT_EQ(predict_cost(d, blocks_of(10000, 256), 32, 0, 3).blocks_per_multiprocessor, 3);
  // Registers are allocated per warp in units of 256: 33 registers count as 40.
  EXPECT_EQ(predict_cost(d, blocks_of(10000, 256), 33, 0, 0).blocks_per_multiprocessor, 6);
  // More registers than one block may have on a multiprocessor: none resident, no use.
  const CostPrediction none = predict_cost(d, blocks_of(10000, 1024), 255, 0, 0);
  EXPECT_EQ(none.blocks_per_multiprocessor, 0);
  EXPECT_EQ(none.device_use, 0);
}

TEST(CostModel, TheDevicesUseCountsIdleMultiprocessorsAndTheLastWavesIdleSlots) {
  const DeviceInfo d = hopper();
  // One block per multiprocessor (1,024 threads of 64 registers): 264 blocks are two full waves.
  EXPECT_DOUBLE_EQ(predict_cost(d, blocks_of(264, 1024), 64, 0, 0).waves, 2.0);
  EXPECT_DOUBLE_EQ(predict_cost(d, blocks_of(264, 1024), 64, 0, 0).device_use, 1.0);
  // 133 blocks: a second wave of one block, half the time spent on it.
  EXPECT_NEAR(predict_cost(d, blocks_of(133, 1024), 64, 0, 0).device_use, 133.0 / 264, 1e-12);
  // 66 blocks reach half the multiprocessors, whatever fits on each.
  EXPECT_DOUBLE_EQ(predict_cost(d, blocks_of(66, 1024), 64, 0, 0).device_use, 0.5);
  EXPECT_DOUBLE_EQ(predict_cost(d, blocks_of(66, 64), -1, -1, 0).device_use, 0.5);
  // Within one wave every multiprocessor has a block: all of it in use.
  EXPECT_DOUBLE_EQ(predict_cost(d, blocks_of(200, 64), -1, -1, 0).device_use, 1.0);
  EXPECT_TRUE(predict_cost(d, blocks_of(132, 64), -1, -1, 0).fills_every_multiprocessor);
  EXPECT_FALSE(predict_cost(d, blocks_of(131, 64), -1, -1, 0).fills_every_multiprocessor);
}

TEST(CostModel, LimitsTheDeviceDoesNotReportAreNotApplied) {
  DeviceInfo d;
  d.multiprocessors = 132;
  const CostPrediction p = predict_cost(d, blocks_of(132 * 32, 1024), 255, 1 << 20, 0);
  EXPECT_EQ(p.blocks_per_multiprocessor, 32);
  EXPECT_DOUBLE_EQ(p.device_use, 1.0);
}

}  // namespace
}  // namespace tiletune::detail
