// Results-file blocks for the results command's tests, written as a person or the runtime would.
#pragma once

#include <string>

namespace tiletune::testing {

// A block of the vadd site on an H100 for `key`, with `best` ("tile=128 occupancy=2") and its
// median; `extra` lines follow (runner_up, measured, ...).
inline std::string vadd_block(const std::string& key, const std::string& best, double median_ms,
                              const std::string& extra = "",
                              const std::string& space = "5f0c8b1d9a3e2c47") {
  return "\n[vadd.cu:12 vadd<$tile>]\n"
         "device = NVIDIA H100 sm_90 132SM\n"
         "key = " +
         key +
         "\n"
         "hints = occupancy=0 num_ctas=0\n"
         "space = " +
         space + "\nbest = " + best + "\nmedian_ms = " + std::to_string(median_ms) + "\n" + extra;
}

}  // namespace tiletune::testing
