// The real device: the CUDA driver API, opened at run time (dlopen) so that nothing links libcuda
// and programs start on machines without a driver.
#pragma once

#include "device/device.h"

#include <memory>
#include <string>

namespace tiletune::detail {

// The driver opened as `library`. Throws tiletune::Error saying why when it cannot be opened or
// initialised, or when it is the toolkit's stub library (no driver was found).
std::unique_ptr<Device> open_cuda_device(const std::string& library = "libcuda.so.1");

}  // namespace tiletune::detail
