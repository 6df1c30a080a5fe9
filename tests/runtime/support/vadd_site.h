// A hand-written vadd site (the SiteInfo the tool would emit), over tile = 64, 128, 256 unless a
// test gives its own space, and fake device costs that make one tile the fastest: shared by the
// runtime tests.
#pragma once

#include "support/fake_device.h"

#include <tiletune/launch.h>
#include <tiletune/site.h>
#include <tiletune/site_info.h>

#include <string>
#include <utility>

namespace tiletune::testing {

// `space` and `line` where a test needs its own: messages name the site as vadd.cu:<line>.
inline SiteInfo vadd_site(Space space = Space::cartesian({{"tile", {64, 128, 256}}}),
                          int line = 3) {
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = line;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd(int) {}";
  info.name_expression = "vadd<$tile>";
  info.space = std::move(space);
  return info;
}

// The vadd launch the tool would emit for `n` elements: keyed on n, cld(n, tile) blocks of tile
// threads on the default stream, n the one argument.
inline Geometry vadd_geometry(const Config& c, long long n) {
  return Geometry{Dim(cld(n, c[0])), Dim(c[0]), 0, nullptr};
}

inline void launch_vadd(Site& site, long long n, ArgumentsRef arguments = {}) {
  void* args[1] = {&n};
  site.launch(
      key(n), [n](const Config& c) { return vadd_geometry(c, n); }, args, {}, arguments);
}

// A device on which the tile named `tile` is the fastest (3x faster than every other).
inline FakeDevice::Cost fastest_tile(const std::string& tile) {
  return [tile](const std::string& variant, const Geometry&) {
    return variant.find("(" + tile + ")") != std::string::npos ? 1.0 : 3.0;
  };
}

}  // namespace tiletune::testing
