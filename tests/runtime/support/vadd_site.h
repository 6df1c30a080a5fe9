// A hand-written vadd site over tile = 64, 128, 256 (the SiteInfo the tool would emit), and fake
// device costs that make one tile the fastest: shared by the runtime tests of capture, pinned mode
// and ranks.
#pragma once

#include "support/fake_device.h"

#include <tiletune/site_info.h>

#include <string>

namespace tiletune::testing {

inline SiteInfo vadd_site() {
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = 3;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd(int) {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}});
  return info;
}

// A device on which the tile named `tile` is the fastest (3x faster than every other).
inline FakeDevice::Cost fastest_tile(const std::string& tile) {
  return [tile](const std::string& variant, const Geometry&) {
    return variant.find("(" + tile + ")") != std::string::npos ? 1.0 : 3.0;
  };
}

}  // namespace tiletune::testing
