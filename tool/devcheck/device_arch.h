// The architecture the device check compiles for, machine code for sm_<arch>: the one the flags
// after `--` name for nvcc (-arch, --gpu-architecture, -gencode arch=...,code=sm_XX), else the one
// nvcc builds for without them, kDefaultDeviceCheckArch.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

inline constexpr int kDefaultDeviceCheckArch = 75;  // nvcc's default in CUDA 13: sm_75

// As major*10+minor (90 for sm_90, compute_90 or sm_90a, which is checked as sm_90, as the runtime
// builds for a device); the first architecture named wins (a -gencode's code=sm_XX before its
// arch=compute_XX), and one without a number (native, all) leaves the default.
int device_check_arch(const std::vector<std::string>& flags);

}  // namespace tiletune::tool
