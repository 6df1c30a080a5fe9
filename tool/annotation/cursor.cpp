#include "annotation/cursor.h"

#include "annotation/parse_failure.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace tiletune::tool {

std::optional<Span> Cursor::take_comment() {
  unsigned const begin = pos;
  if (take(lexical::line_comment) || take(lexical::block_comment)) return Span{begin, pos};
  if (at("/*")) fail({begin, begin + 2}, "unterminated comment: '/*' without '*/'");
  return std::nullopt;
}

void Cursor::skip() {
  while (take(+lexical::whitespace) || take_comment()) {
  }
}

char Cursor::next_significant_char() {
  unsigned const saved = pos;
  skip();
  char const next = at_end() ? '\0' : text[pos];
  pos = saved;
  return next;
}

Span Cursor::token_at(unsigned offset) const {
  if (offset >= size()) return {size(), size()};
  std::string_view const from = text.substr(offset);
  auto const length = match_length(from, lexical::identifier)
                          .value_or(match_length(from, lexical::pp_number).value_or(1));
  return {offset, offset + static_cast<unsigned>(length)};
}

bool Cursor::directive_at(unsigned offset) const {
  if (offset >= size() || text[offset] != '#') return false;
  const std::size_t line = text.find_last_not_of(" \t\f\v\r", offset == 0 ? 0 : offset - 1);
  return offset > 0 && line != std::string_view::npos && text[line] == '\n';
}

void fail_directive(std::string_view text, unsigned offset) {
  unsigned end = offset + 1;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  while (end < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
    ++end;
  std::string directive(text.substr(offset, end - offset));
  directive.erase(std::remove_if(directive.begin() + 1, directive.end(),
                                 [](char c) { return c == ' ' || c == '\t'; }),
                  directive.end());
  fail({offset, end}, "a preprocessor directive (`" + directive +
                          "`) inside TILETUNE(...): of the directives, only conditionals (#if, "
                          "#ifdef, #ifndef, #elif, #else, #endif) may stand inside an annotation; "
                          "move it before the annotation");
}

}  // namespace tiletune::tool
