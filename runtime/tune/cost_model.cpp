#include "tune/cost_model.h"

#include <algorithm>
#include <cmath>

namespace tiletune::detail {
namespace {

// What every sm_70 to sm_120 multiprocessor has in common: a block's registers are allocated per
// warp in units of 256, its shared memory in units of 128 bytes, and no more than 32 blocks are
// resident (sm_75 and sm_86 to sm_89 allow 16 or 24: more than the limits below let a tile kernel
// have).
constexpr long long kRegisterUnit = 256;
constexpr long long kSharedUnit = 128;
constexpr int kMostBlocksPerMultiprocessor = 32;
constexpr int kWarp = 32;

long long rounded_up(long long value, long long unit) { return (value + unit - 1) / unit * unit; }

}  // namespace

CostPrediction predict_cost(const DeviceInfo& device, const Geometry& geometry, int registers,
                            long long static_shared, int occupancy) {
  CostPrediction p;
  const long long threads = static_cast<long long>(geometry.threads.count());
  const long long blocks = static_cast<long long>(geometry.blocks.count());
  if (threads <= 0 || blocks <= 0) return p;
  long long resident = kMostBlocksPerMultiprocessor;
  if (occupancy > 0) resident = std::min<long long>(resident, occupancy);
  const long long warps = (threads + kWarp - 1) / kWarp;
  if (device.max_threads_per_multiprocessor > 0)
    resident = std::min(resident, device.max_threads_per_multiprocessor / (warps * kWarp));
  if (registers > 0 && device.registers_per_multiprocessor > 0)
    resident = std::min(resident, device.registers_per_multiprocessor /
                                      (warps * rounded_up(registers * kWarp, kRegisterUnit)));
  const long long shared = static_cast<long long>(geometry.shmem) + std::max(0LL, static_shared);
  if (shared > 0 && device.max_shared_per_multiprocessor > 0)
    resident =
        std::min(resident, device.max_shared_per_multiprocessor / rounded_up(shared, kSharedUnit));
  p.blocks_per_multiprocessor = static_cast<int>(std::max(0LL, resident));
  const int multiprocessors = std::max(1, device.multiprocessors);
  if (p.blocks_per_multiprocessor == 0) return p;  // cannot be resident at all: no use
  p.waves = static_cast<double>(blocks) /
            (static_cast<double>(multiprocessors) * p.blocks_per_multiprocessor);
  const double reached = std::min(1.0, static_cast<double>(blocks) / multiprocessors);
  const double last_wave = p.waves >= 1 ? p.waves / std::ceil(p.waves) : 1.0;
  p.device_use = reached * last_wave;
  p.fills_every_multiprocessor = blocks >= multiprocessors;
  return p;
}

}  // namespace tiletune::detail
