// How tiletune writes C++ source text: string literals, raw string literals and #line
// directives, each spelled here once. The slicer and the emitter both write source, so it sits
// below both (the layout of generated code is the emitter's: emit/code_layout.h).
#pragma once

#include <string>
#include <string_view>

namespace tiletune::tool {

// A C++ string literal holding `text`: quotes and backslashes escaped, newlines as \n.
std::string string_literal(std::string_view text);

// A C++ raw string literal holding `text`: its delimiter does not occur in it.
std::string raw_string_literal(std::string_view text);

// `#line line "file"` and a newline: what follows is reported at the user's file and line.
std::string line_directive(unsigned line, std::string_view file);

}  // namespace tiletune::tool
