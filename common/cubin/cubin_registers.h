// Registers per thread of a kernel, read from the cubin itself (kernel_resources.h says why not
// from the assembler's report: on the H100 host every fresh process got its programs from the
// driver's compute cache and saw no register counts at all).
#pragma once

#include <string_view>
#include <vector>

namespace tiletune::detail {

// The registers of function `entry` in `cubin`, or -1 when the cubin is not ELF64, has no such
// function, or records no count for it.
int registers_in_cubin(const std::vector<char>& cubin, std::string_view entry);

}  // namespace tiletune::detail
