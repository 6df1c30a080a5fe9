#include "annotation/cursor.h"

#include "annotation/parse_failure.h"

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

}  // namespace tiletune::tool
