// Conditional groups that a chunk holds only part of: a declaration whose specifier is written
// under a conditional of its own (`#ifndef SERIAL` / `__constant__` / `#endif` / `pixel_t
// colors[] = ...`, a course's files that build serial and CUDA versions from one source) begins
// inside the group, so its text holds the #endif without the #if, which NVRTC refuses.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <utility>
#include <vector>

namespace tiletune::tool {

// The parts of [begin, end) of `buffer` (a chunk) to blank so that it holds what the parse took of
// the groups it holds only part of: their directive lines and the branches the preprocessor skipped
// (`skipped`: file offsets [begin, end), each from a directive to the one that ends the skipping).
// Groups wholly inside stay as written, for NVRTC to choose (a device branch inside a function).
std::vector<std::pair<unsigned, unsigned>> partial_conditional_text(
    llvm::StringRef buffer, unsigned begin, unsigned end,
    const std::vector<std::pair<unsigned, unsigned>>& skipped);

}  // namespace tiletune::tool
