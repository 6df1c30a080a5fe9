// The real device: the CUDA driver API, opened at run time (dlopen) so that nothing links libcuda
// and programs start on machines without a driver.
#pragma once

#include "device/device.h"

#include <memory>

namespace tiletune::detail {

// Throws tiletune::Error saying why when the driver cannot be opened or initialised.
std::unique_ptr<Device> open_cuda_device();

}  // namespace tiletune::detail
