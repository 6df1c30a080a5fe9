// How the results command writes a stored result's parts in its tables and messages.
#pragma once

#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>

#include <string>
#include <vector>

namespace tiletune::results {

// "(4096, 2)".
std::string key_text(const Key& key);
// "occupancy=2 num_ctas=0".
std::string hints_text(const Hints& hints);
// "tile=128 occupancy=2".
std::string config_text(const std::vector<std::string>& axis_names, const Config& config);
// A time in milliseconds with four significant digits: "0.01234".
std::string ms_text(double ms);

}  // namespace tiletune::results
