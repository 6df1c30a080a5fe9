// Line splices (a backslash at the end of a line) in an annotation's text. C++ removes them before
// anything else reads the text (translation phase 2), so the tool does too: the parser, the checks
// and the generated code see the annotation as the compiler does, and copying it can never leave a
// backslash that no longer ends a line. Each removed splice is remembered, so offsets into the
// spliced text map back to exact columns of the written one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

// A backslash, optional horizontal whitespace (which Clang and GCC accept, with a warning) and
// one line break (LF, CRLF or CR), `length` characters in all, removed before offset `offset` of
// the spliced text.
struct LineSplice {
  unsigned offset = 0;
  unsigned length = 0;
};

struct SplicedText {
  std::string text;
  std::vector<LineSplice> splices;  // in text order
};

// `written` without its line splices.
SplicedText remove_line_splices(std::string_view written);

// The offset into the written text of `offset` into the spliced one: a character keeps its place;
// the end of a range that reaches a splice ends before it.
unsigned unspliced_offset(const std::vector<LineSplice>& splices, unsigned offset,
                          bool range_end = false);

// The number of splices before `offset` of the spliced text: the line breaks they removed.
unsigned splices_before(const std::vector<LineSplice>& splices, unsigned offset);

}  // namespace tiletune::tool
