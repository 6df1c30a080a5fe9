// Passing over what the preprocessor does not look into, in source text the tool scans itself
// (an asm statement's operands, an annotation's conditional directives): comments and string and
// character literals.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <cstddef>

namespace tiletune::tool {

// Past a comment, string or character literal that starts at `i` (a line comment up to its line
// break, past the line splices that continue it; a literal up to its closing quote or the line's
// end), or `i` itself when none starts there.
std::size_t past_comment_or_literal(llvm::StringRef text, std::size_t i);

}  // namespace tiletune::tool
