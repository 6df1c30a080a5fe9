// Inflating the zlib-compressed files built into libtiletune (built_in_files.h).
#pragma once

#include <string>

#include "compile/built_in/built_in_files.h"

namespace tiletune::detail {

// The bytes of `file` as they were before compression; "" with `problem` set (which file, what
// zlib found) when they cannot be had: bytes damaged, or not inflating to exactly `file.size`.
std::string inflated(const BuiltInFile& file, std::string& problem);

}  // namespace tiletune::detail
