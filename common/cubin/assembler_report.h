// What an assembler's verbose report (ptxas's, nvJitLink's) says about one function: the bytes it
// spills. The NVRTC front end (its own cubin) and the runtime's linker (PTX to cubin) both read it.
#pragma once

#include <string>
#include <string_view>

namespace tiletune::detail {

// The bytes `entry` spills, stores plus loads, from an assembler's verbose report (nvJitLink's
// -verbose, NVRTC's --ptxas-options=-v; NVRTC gives no report for a cubin it takes from the
// driver's cache):
//   ptxas info    : Function properties for <name>
//       0 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
// (nvJitLink repeats it after linking as "info    : 0 bytes stack frame, 8 bytes spill stores,
// ..."); -1 if the report has none for `entry`.
int spill_bytes_of(const std::string& info_log, std::string_view entry);

}  // namespace tiletune::detail
