// How a site's key, its static hints and a configuration read in every message, log line, results
// file and table of the tool and the runtime, written once.
#pragma once

#include <tiletune/launch.h>
#include <tiletune/site_info.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

// The key's values: "4096,2" (log lines, messages), or with `separator` ", " "4096, 2" (the
// results file and the results tables).
std::string key_values(const Key& key, std::string_view separator = ",");

// "occupancy=2 num_ctas=0".
std::string hints_text(const Hints& hints);

// "tile=128 occupancy=2": each value after its axis's name ("?" past the names). `Values` is a
// tiletune::Config or the tool's std::vector<long long>.
template <typename Values>
std::string config_text(const std::vector<std::string>& axis_names, const Values& values) {
  std::string out;
  for (std::size_t i = 0; i < static_cast<std::size_t>(values.size()); ++i)
    out.append(i ? " " : "")
        .append(i < axis_names.size() ? axis_names[i] : "?")
        .append("=")
        .append(std::to_string(values[static_cast<int>(i)]));
  return out;
}

}  // namespace tiletune::detail
