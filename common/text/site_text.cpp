#include "text/site_text.h"

#include <tiletune/rules.h>

namespace tiletune::detail {

std::string key_values(const Key& key, std::string_view separator) {
  std::string out;
  for (int i = 0; i < key.size; ++i)
    out.append(i ? separator : "").append(std::to_string(key.values[i]));
  return out;
}

std::string hints_text(const Hints& hints) {
  return std::string(rules::kOccupancy) + "=" + std::to_string(hints.occupancy) + " " +
         rules::kNumCtas + "=" + std::to_string(hints.num_ctas);
}

}  // namespace tiletune::detail
