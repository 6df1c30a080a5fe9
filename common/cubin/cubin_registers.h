// Registers per thread of a kernel, read from the cubin itself.
//
// The assembler's verbose report is not a reliable source: NVRTC 13 serves a program it has built
// before from the driver's compute cache (~/.nv/ComputeCache) wherever a driver is installed, and
// then hands back the cubin with an empty log. On the H100 host every fresh process got its
// programs from that cache and saw no register counts at all. The cubin always records them: its
// `.nv.info` section holds an EIATTR_REGCOUNT attribute (symbol index, count) per function.
#pragma once

#include <string_view>
#include <vector>

namespace tiletune::detail {

// The registers of function `entry` in `cubin`, or -1 when the cubin is not ELF64, has no such
// function, or records no count for it.
int registers_in_cubin(const std::vector<char>& cubin, std::string_view entry);

}  // namespace tiletune::detail
