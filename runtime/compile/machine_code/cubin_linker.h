// Machine-code step: nvJitLink turns PTX into a cubin for one architecture, on the host.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct LinkOutput {
  std::vector<char> cubin;
  std::string info_log;  // the assembler's report (-verbose)
  int registers = -1;    // registers per thread of the entry, from the cubin; -1 if unknown
  int spill_bytes = -1;  // the entry's spill stores plus loads, from info_log; -1 if absent
                         // (spill_bytes_of, cubin/assembler_report.h)
};

// Throws tiletune::CompileError carrying nvJitLink's error log when the PTX does not assemble.
// `entry` selects which function's register count is reported.
LinkOutput link_to_cubin(std::string_view ptx, std::string_view entry, int arch);

// nvJitLink's version as major*1000 + minor*10.
int linker_version();

}  // namespace tiletune::detail
