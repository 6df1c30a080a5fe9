// Machine-code step: nvJitLink turns PTX into a cubin for one architecture, on the host.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct LinkOutput {
  std::vector<char> cubin;
  std::string info_log;  // the assembler's report (-verbose)
  int registers = -1;    // registers per thread of the entry, parsed from info_log; -1 if absent
  int spill_bytes = -1;  // the entry's spill stores plus loads, from info_log; -1 if absent
};

// Throws tiletune::CompileError carrying nvJitLink's error log when the PTX does not assemble.
// `entry` selects which function's register count is reported.
LinkOutput link_to_cubin(std::string_view ptx, std::string_view entry, int arch);

// The registers of `entry` in an assembler's verbose report (nvJitLink's -verbose, NVRTC's
// --ptxas-options=-v), whose headings name each function:
//   ptxas info    : Compiling entry function '<name>' for 'sm_90'
//   ptxas info    : Used 40 registers, used 0 barriers, ...
// and, after linking, "info    : Function properties for '<name>':" then "used 40 registers".
// The count after the last heading that names `entry` is the one in the cubin; -1 if none.
int registers_of(const std::string& info_log, std::string_view entry);

// The bytes `entry` spills, stores plus loads, from the same report:
//   ptxas info    : Function properties for <name>
//       0 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
// (nvJitLink repeats it after linking as "info    : 0 bytes stack frame, 8 bytes spill stores,
// ..."); -1 if the report has none for `entry`.
int spill_bytes_of(const std::string& info_log, std::string_view entry);

// nvJitLink's version as major*1000 + minor*10.
int linker_version();

}  // namespace tiletune::detail
