#include "results/result_text.h"

#include <tiletune/rules.h>

#include <cstdio>

namespace tiletune::results {

std::string key_text(const Key& key) {
  std::string out = "(";
  for (int i = 0; i < key.size; ++i) out += (i ? ", " : "") + std::to_string(key.values[i]);
  return out + ")";
}

std::string hints_text(const Hints& hints) {
  return std::string(rules::kOccupancy) + "=" + std::to_string(hints.occupancy) + " " +
         rules::kNumCtas + "=" + std::to_string(hints.num_ctas);
}

std::string config_text(const std::vector<std::string>& axis_names, const Config& config) {
  std::string out;
  for (int i = 0; i < config.size(); ++i)
    out += (i ? " " : "") +
           (static_cast<std::size_t>(i) < axis_names.size() ? axis_names[i] : std::string("?")) +
           "=" + std::to_string(config[i]);
  return out;
}

std::string ms_text(double ms) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g", ms);
  return text;
}

}  // namespace tiletune::results
