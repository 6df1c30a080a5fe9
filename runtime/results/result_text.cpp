#include "results/result_text.h"

#include <cstdio>

namespace tiletune::results {

std::string key_text(const Key& key) { return "(" + detail::key_values(key, ", ") + ")"; }

std::string ms_text(double ms) {
  char text[64];
  std::snprintf(text, sizeof text, "%.4g", ms);
  return text;
}

}  // namespace tiletune::results
