// The kernel to instantiate for one configuration: the site's name expression ("vadd<$tile>")
// with each `$axis` replaced by that axis's value in the configuration ("vadd<(128)>").
#pragma once

#include <tiletune/space.h>

#include <string>
#include <string_view>

namespace tiletune::detail {

// Throws tiletune::Error naming an axis the space does not have.
std::string substitute_axes(std::string_view text, const Space& space, const Config& config);

}  // namespace tiletune::detail
