// The site's device variables that host code shares with the kernel (SiteInfo::symbols): each
// loaded module has its own copy, brought up to date from the application's before a launch on
// the launch stream, and for a __device__ variable copied back after the launch of the winner.
#pragma once

#include "device/device.h"

#include <tiletune/site_info.h>

#include <cstddef>
#include <vector>

namespace tiletune::detail {

struct SymbolCopy {
  DevicePointer module = 0;       // the loaded module's copy
  DevicePointer application = 0;  // the application's copy, in the same context
  std::size_t bytes = 0;
  bool copy_back = false;
};

// The site's symbols that `function`'s module holds (the compiler drops a variable no code of the
// variant uses), paired with the application's copies in the calling thread's context. Throws
// tiletune::Error, naming the site, when the two copies differ in size.
std::vector<SymbolCopy> symbol_copies(Device& device, const SiteInfo& site,
                                      FunctionHandle function);

// Before a launch on `stream`: every module copy from the application's.
void copy_symbols_in(Device& device, const std::vector<SymbolCopy>& copies, CUstream stream);

// After the launch of the winner on `stream`: every __device__ variable back to the application.
void copy_symbols_back(Device& device, const std::vector<SymbolCopy>& copies, CUstream stream);

}  // namespace tiletune::detail
