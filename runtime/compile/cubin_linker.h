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
};

// Throws tiletune::CompileError carrying nvJitLink's error log when the PTX does not assemble.
// `entry` selects which function's register count is reported.
LinkOutput link_to_cubin(std::string_view ptx, std::string_view entry, int arch);

// nvJitLink's version as major*1000 + minor*10.
int linker_version();

}  // namespace tiletune::detail
