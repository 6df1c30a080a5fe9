// The kernel to instantiate for one configuration: the site's name expression ("vadd<$tile>")
// with each `$axis` replaced by that axis's value in the configuration ("vadd<(128)>"), and each
// `$#N` by the launch key's value N (a Constant(...) argument, which the key carries exactly).
#pragma once

#include <tiletune/launch.h>
#include <tiletune/space.h>

#include <string>
#include <string_view>

namespace tiletune::detail {

// Throws tiletune::Error naming an axis the space does not have, or a key value the key (null:
// none) does not have.
std::string substitute_axes(std::string_view text, const Space& space, const Config& config,
                            const Key* key = nullptr);

}  // namespace tiletune::detail
