// The kernel to instantiate for one configuration: the site's name expression ("vadd<$tile>")
// with each `$axis` replaced by that axis's value in the configuration ("vadd<(128)>"), and each
// `$#N` by the launch key's value N (a Constant(...) argument, which the key carries exactly),
// and `$@max_threads` / `$@min_blocks` by the configuration's launch bounds (launch_bounds.h).
#pragma once

#include "instantiation/launch_bounds.h"

#include <tiletune/launch.h>
#include <tiletune/space.h>

#include <string>
#include <string_view>

namespace tiletune::detail {

// Throws tiletune::Error naming an axis the space does not have, a key value the key (null:
// none) does not have, or launch bounds the configuration does not have (`bounds` null, or
// without a block size).
std::string substitute_axes(std::string_view text, const Space& space, const Config& config,
                            const Key* key = nullptr, const LaunchBounds* bounds = nullptr);

}  // namespace tiletune::detail
