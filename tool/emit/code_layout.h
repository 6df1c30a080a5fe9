// The layout of generated code: a tree of text and bracketed lists that is written on one line
// where it fits in kMaxColumns, and otherwise broken inside its brackets, clang-format style.
// Each piece of text may carry the line of the user's file it came from; a line of output holds
// text from one such line only, so that #line directives can send a compiler's message about it
// back to where it was written.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

inline constexpr std::size_t kMaxColumns = 100;

class Code {
 public:
  // Text that never breaks; `origin` is the user's line it comes from (0: tiletune's own).
  Code(std::string text, unsigned origin = 0);  // NOLINT: implicit, text is the common case
  Code(const char* text);                       // NOLINT

  // Pieces one after another.
  static Code concat(std::vector<Code> pieces);
  // `open item, item close`; broken, the items fill lines indented 4 past the line that opens,
  // and `close` follows the last.
  static Code list(std::string open, std::vector<Code> items, std::string close);
  // `open statement statement close`; broken, each statement is on its own line, indented 2 past
  // the line that opens, and `close` on a line of its own.
  static Code block(std::string open, std::vector<Code> statements, std::string close);

  // Pieces separated by spaces; broken, they fill lines indented 4 past the line they start on.
  // On one line they read as `one_line` when that is given.
  static Code words(std::vector<Code> pieces, std::string one_line = "");

  enum class Kind { Text, Concat, List, Block, Words };
  Kind kind() const { return kind_; }
  // Text; List and Block: the opening; Words: the one-line form, if any.
  const std::string& text() const { return text_; }
  const std::string& close() const { return close_; }
  unsigned origin() const { return origin_; }
  const std::vector<Code>& children() const { return children_; }

 private:
  Code() = default;

  Kind kind_ = Kind::Text;
  std::string text_;
  std::string close_;
  unsigned origin_ = 0;
  std::vector<Code> children_;
};

// A string literal holding `text`; a long one as adjacent literals (which C++ joins), so that it
// can break across lines.
Code string_code(std::string_view text);

// One line of laid-out code.
struct CodeLine {
  std::string text;
  unsigned origin = 0;  // the user's line of its first text that has one
};

// `code` laid out from column `indent`.
std::vector<CodeLine> lay_out(const Code& code, unsigned indent);

// The lines, each ending in a newline, with #line directives that report every line that holds
// the user's text at that text's line of `file`: one before the first line (at its origin, else
// at `first_line`), and one wherever counting on from the line before would not give a line's
// origin. Lines with no origin count on.
std::string with_line_directives(const std::vector<CodeLine>& lines, unsigned first_line,
                                 std::string_view file);

}  // namespace tiletune::tool
