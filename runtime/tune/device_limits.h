// What the device cannot launch: checked before a configuration is compiled (block size, shared
// memory, cluster shape and support), and again once its registers are known. A configuration's
// occupancy hint (the least blocks per multiprocessor) is held to the same account: hints that
// cannot all be met on one multiprocessor are pruned before anything is compiled (issue 18).
#pragma once

#include "device/device.h"

#include <tiletune/launch.h>

#include <optional>
#include <string>

namespace tiletune::detail {

// Why the device cannot launch `geometry` in clusters of `cluster` blocks (0 or 1: none) at all,
// or nullopt.
std::optional<std::string> device_limit_violation(const DeviceInfo& device,
                                                  const Geometry& geometry, int cluster);

// Why a block of `geometry` cannot launch with a compiled function that, with its `registers` per
// thread, allows `allowed` threads per block; or nullopt.
std::optional<std::string> register_limit_violation(const Geometry& geometry, int registers,
                                                    int allowed);

// Why `occupancy` blocks of `geometry` cannot be resident on one multiprocessor together (their
// threads, their dynamic shared memory), or nullopt; occupancy 0 (no hint), or a limit the device
// does not report, is not checked.
std::optional<std::string> occupancy_violation(const DeviceInfo& device, const Geometry& geometry,
                                               int occupancy);

// Why `occupancy` blocks of `geometry`, compiled with `registers` per thread, exceed the registers
// of one multiprocessor; or nullopt (checked like occupancy_violation).
std::optional<std::string> occupancy_register_violation(const DeviceInfo& device,
                                                        const Geometry& geometry, int registers,
                                                        int occupancy);

}  // namespace tiletune::detail
