// What the device cannot launch: checked before a configuration is compiled (block size, shared
// memory, cluster shape and support), and again once its registers are known.
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

}  // namespace tiletune::detail
