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
// `entry` selects which function's register count is reported. `nvrtc_options`, those the PTX was
// made with (a site's SiteInfo::options among them), give the assembler what they ask of it
// (assembler_options).
LinkOutput link_to_cubin(std::string_view ptx, std::string_view entry, int arch,
                         const std::vector<std::string>& nvrtc_options = {});

// The NVRTC options the assembler acts on, as nvJitLink takes them: -maxrregcount, -Xptxas,
// -G (-g), -lineinfo. NVRTC applies them only where it assembles the cubin itself; PTX stops
// short of them, so the link must apply them (the user's nvcc flags reach the kernel either way).
// The others (--use_fast_math, --ftz, ...) have already shaped the PTX.
std::vector<std::string> assembler_options(const std::vector<std::string>& nvrtc_options);

// nvJitLink's version as major*1000 + minor*10.
int linker_version();

}  // namespace tiletune::detail
