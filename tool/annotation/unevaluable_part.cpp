#include "annotation/unevaluable_part.h"

#include "annotation/evaluable_grammar.h"

#include <cctype>
#include <cstddef>
#include <optional>
#include <string_view>

namespace tiletune::tool {

UnevaluablePart unevaluable_part(const Expr& where) {
  const std::string& text = where.text;
  const auto at = [&](std::size_t begin, std::size_t end, std::string kind) {
    return UnevaluablePart{{where.span.begin + static_cast<unsigned>(begin),
                            where.span.begin + static_cast<unsigned>(end)},
                           text.substr(begin, end - begin),
                           std::move(kind)};
  };
  if (where.span.end - where.span.begin != text.size()) return {where.span, "", ""};
  const auto identifier_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  };
  // The name (`a::b::c`) that ends at `end` (whitespace before `end` skipped): its first offset,
  // `end` when there is none.
  const auto name_before = [&](std::size_t end) {
    while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1])) != 0) --end;
    std::size_t begin = end;
    while (begin > 0 && (identifier_char(text[begin - 1]) || text[begin - 1] == ':')) --begin;
    while (begin < end && !identifier_char(text[begin])) ++begin;
    return begin;
  };
  // Just past the bracket that closes the one at `open` ('(', '[' or '<'), counting only brackets
  // of its kind (a call's `f(a > b)` holds a '>'); the end of the text when none does.
  const auto past_closing = [&](std::size_t open) {
    const char opening = text[open];
    const char closing = opening == '(' ? ')' : opening == '[' ? ']' : '>';
    int depth = 0;
    for (std::size_t i = open; i < text.size(); ++i) {
      if (text[i] == opening) ++depth;
      if (text[i] == closing && --depth == 0) return i + 1;
    }
    return text.size();
  };
  if (where.template_arguments) {
    const std::size_t open = where.template_arguments_at - where.span.begin;
    std::size_t end = past_closing(open);
    // The member named after the arguments (`Traits<float>::kMax`) belongs to the part.
    while (end < text.size() && (identifier_char(text[end]) || text[end] == ':')) ++end;
    return at(name_before(open), end, "a name with template arguments");
  }
  std::optional<unsigned> stop = evaluable_stop(where);
  if (!stop) return {where.span, "", ""};
  std::size_t s = *stop;
  while (s < text.size() && std::isspace(static_cast<unsigned char>(text[s])) != 0) ++s;
  if (s >= text.size()) return {where.span, "", ""};
  const std::size_t name = name_before(s);
  if (text[s] == '(' && name < s) return at(name, past_closing(s), "a call");
  if (text[s] == '[' && name < s) return at(name, past_closing(s), "a subscript");
  if ((text[s] == '.' || text.compare(s, 2, "->") == 0) && name < s) {
    std::size_t end = s + (text[s] == '.' ? 1 : 2);
    while (end < text.size() && identifier_char(text[end])) ++end;
    return at(name, end, "a member access");
  }
  // An operator the grammar stopped before: what follows it is what it could not read (`3.5`).
  const std::string_view operators = "<>=!&|+-*/%^~";
  std::size_t begin = s;
  while (begin < text.size() && operators.find(text[begin]) != std::string_view::npos) ++begin;
  while (begin < text.size() && std::isspace(static_cast<unsigned char>(text[begin])) != 0) ++begin;
  if (begin == text.size()) begin = s;
  std::size_t end = begin + 1;
  while (end < text.size() && (identifier_char(text[end]) || text[end] == '.')) ++end;
  return at(begin, end, "");
}

}  // namespace tiletune::tool
