#include "annotation/cursor.h"

#include "annotation/parse_failure.h"

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
  if (offset == 0 || offset >= size() || text[offset] != '#') return false;
  const std::size_t line = text.find_last_not_of(" \t\f\v\r", offset - 1);
  return line != std::string_view::npos && text[line] == '\n';
}

std::string_view directive_name(std::string_view text, std::size_t hash) {
  std::size_t begin = hash + 1;
  while (begin < text.size() && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
  std::size_t end = begin;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  return text.substr(begin, end - begin);
}

ParseError directive_error(std::string_view text, unsigned offset) {
  const std::string_view name = directive_name(text, offset);
  const auto end = static_cast<unsigned>(name.data() + name.size() - text.data());
  return {"a preprocessor directive (`#" + std::string(name) +
              "`) inside TILETUNE(...): of the directives, only conditionals (#if, #ifdef, "
              "#ifndef, #elif, #else, #endif) may stand inside an annotation; move it before the "
              "annotation",
          {offset, end}};
}

}  // namespace tiletune::tool
