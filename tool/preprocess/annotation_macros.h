// Object-like macros in an annotation's text, expanded before it is parsed, so that
// `space = (tile = TILES)`, `where = $tile <= MAXT` and `space = SPACE` mean what they would in
// C++. Each expansion remembers the macro's use, so a problem inside it is reported there.
#pragma once

#include <clang/Basic/SourceLocation.h>

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace tiletune::tool {

// One macro use in the written text [written_begin, written_end), which became
// [expanded_begin, expanded_end) of the expanded text (the same name, for a function-like one).
struct MacroExpansion {
  unsigned written_begin = 0, written_end = 0;
  unsigned expanded_begin = 0, expanded_end = 0;
  std::string name;
  clang::SourceLocation definition;
  bool function_like = false;  // left as written (the compiler expands it), recorded for messages
};

struct ExpandedText {
  std::string text;
  std::vector<MacroExpansion> expansions;  // in text order
};

// `text` with every object-like macro the user defined at this point of `pp` replaced by its body
// (which is expanded in turn, a macro never inside its own expansion). Left as written:
// function-like macros, those of system and toolkit headers, `$name`, a name followed by `=` (a
// keyword or an axis), comments, string and character literals, and numbers.
ExpandedText expand_object_macros(const std::string& text, clang::Preprocessor& pp);

// The offset into the written text of `offset` into the expanded one: inside an expansion, the
// macro's use (its first character, or past its last for the end of a range).
unsigned written_offset(const std::vector<MacroExpansion>& expansions, unsigned offset,
                        bool range_end);

// The expansion that holds `offset` of the expanded text, or null.
const MacroExpansion* expansion_at(const std::vector<MacroExpansion>& expansions, unsigned offset);

}  // namespace tiletune::tool
