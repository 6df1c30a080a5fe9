#include "preprocess/resolved_conditionals.h"

#include "annotation/cursor.h"
#include "preprocess/comments_and_literals.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace tiletune::tool {
void blank(std::string& text, std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < std::min(end, text.size()); ++i)
    if (text[i] != '\n') text[i] = ' ';
}

namespace {

bool is_conditional(std::string_view name) {
  constexpr std::array<std::string_view, 8> kConditionals = {
      "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"};
  return std::find(kConditionals.begin(), kConditionals.end(), name) != kConditionals.end();
}

// The end of the line at `from`, past the line splices that continue it.
std::size_t line_end(std::string_view text, std::size_t from) {
  for (;;) {
    const std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) return text.size();
    std::size_t last = end;
    if (last > from && text[last - 1] == '\r') --last;
    if (last > from && text[last - 1] == '\\') {
      from = end + 1;
      continue;
    }
    return end;
  }
}

}  // namespace

std::vector<ConditionalDirective> conditional_directives(std::string_view text) {
  // A '#' first on its line but for blanks (the text's first line is a line's middle: it follows
  // `TILETUNE(`, or starts at a declaration's first token, so a line break comes before any
  // directive). Comments and literals are passed over: a '#' line inside a block comment is no
  // directive.
  std::vector<ConditionalDirective> lines;
  bool line_start = false;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      line_start = true;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
      ++i;
    } else if (c == '#' && line_start && is_conditional(directive_name(text, i))) {
      lines.push_back({i, line_end(text, i), std::string(directive_name(text, i))});
      i = lines.back().end;
    } else if (const std::size_t past = past_comment_or_literal(text, i); past != i) {
      line_start = line_start && c == '/';  // a comment is a blank; a literal is a token
      i = past;
    } else {
      line_start = false;
      ++i;
    }
  }
  return lines;
}

ResolvedText resolve_conditionals(std::string text, unsigned text_begin,
                                  const std::vector<std::pair<unsigned, unsigned>>& skipped) {
  const std::vector<ConditionalDirective> lines = conditional_directives(text);
  ResolvedText out;
  for (const ConditionalDirective& line : lines)
    out.directives.push_back(text.substr(line.begin, line.end - line.begin));
  const unsigned text_end = text_begin + static_cast<unsigned>(text.size());
  for (const auto& [begin, end] : skipped)
    if (begin < text_end && end > text_begin)
      blank(text, std::max(begin, text_begin) - text_begin, std::min(end, text_end) - text_begin);
  for (const ConditionalDirective& line : lines) blank(text, line.begin, line.end);
  out.text = std::move(text);
  return out;
}

}  // namespace tiletune::tool
