// Header libraries written for NVRTC as well as nvcc (CUTLASS and CuTe test __CUDACC_RTC__ to pick
// what NVRTC can compile): the slice #includes their headers, as it does the toolkit's, instead of
// copying their declarations apart from the conditionals that choose them.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

// The top-level folders ("cute", "cutlass") of the include directories `dirs` whose headers test
// __CUDACC_RTC__ and hold no annotation (a header with one is the user's, rewritten per site).
std::vector<std::string> nvrtc_header_libraries(const std::vector<std::string>& dirs);

}  // namespace tiletune::tool
