// How the results command writes a stored result's parts in its tables and messages.
#pragma once

#include "text/site_text.h"

#include <tiletune/launch.h>

#include <string>
#include <vector>

namespace tiletune::results {

// "(4096, 2)".
std::string key_text(const Key& key);
// "occupancy=2 num_ctas=0" and "tile=128 occupancy=2", as every message writes them.
using detail::config_text;
using detail::hints_text;
// A time in milliseconds with four significant digits: "0.01234".
std::string ms_text(double ms);

}  // namespace tiletune::results
