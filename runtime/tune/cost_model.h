// What a configuration promises before it runs, from what is known without running it: how many of
// its blocks one multiprocessor holds at once (its threads, registers and shared memory against the
// multiprocessor's), and so how well its grid fills the device: multiprocessors left without a
// block, and the idle slots of a last wave that is only partly full. A tuning measures the
// promising first (the sampling rule then stops the others early against a good best), and does
// not measure a configuration that leaves most of the device idle where a measured one fills it
// (tuner.cpp). It ranks by occupancy of the machine, not by speed: how fast a block runs
// is what measuring finds out. How a key's values divide into tiles is not among its inputs: the
// runtime does not know which axis tiles which value of the key; the grid it leads to is.
#pragma once

#include "device/device.h"

#include <tiletune/launch.h>

namespace tiletune::detail {

struct CostPrediction {
  int blocks_per_multiprocessor = 0;  // resident at once: the least of what each limit allows
  double waves = 0;                   // grid blocks over the device's resident blocks
  // Of the device's multiprocessors, the share a block reaches (1 from one block per
  // multiprocessor up), times the share of the last wave's slots that are filled, averaged over
  // the waves (waves / ceil(waves)): 1 fills the device, 0.25 leaves three quarters idle.
  double device_use = 0;
  bool fills_every_multiprocessor = false;  // a block for each, at least
};

// What `geometry` promises on `device` for a build of `registers` per thread (-1: not known yet)
// and `static_shared` bytes of static shared memory per block (-1: not known yet), with the
// occupancy hint `occupancy` (0: none) bounding the blocks per multiprocessor from above as the
// launch bounds do. Limits the device does not report (0) are not applied.
CostPrediction predict_cost(const DeviceInfo& device, const Geometry& geometry, int registers,
                            long long static_shared, int occupancy);

// A configuration whose device use is under this share of a measured one's that gives every
// multiprocessor a block is not measured. (Where no configuration's grid reaches them all, the
// problem is too small for the device and the launch's latency decides, not its use.)
inline constexpr double kLeastDeviceUseOfBest = 0.25;

}  // namespace tiletune::detail
