// The architecture the device check compiles for: the one the flags after `--` name for nvcc
// (-arch, --gpu-architecture, -gencode arch=...), else kDefaultDeviceCheckArch.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

inline constexpr int kDefaultDeviceCheckArch = 90;  // compute_90: Hopper, the runtime's default

// As major*10+minor (90 for sm_90, compute_90 or sm_90a); the first architecture named wins, and
// one without a number (native, all) leaves the default.
int device_check_arch(const std::vector<std::string>& flags);

}  // namespace tiletune::tool
