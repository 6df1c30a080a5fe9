#include "annotation/lexical_grammar.h"

namespace tiletune::tool {
namespace {

// The base a literal is written in, and where its digits start.
std::pair<unsigned, std::size_t> base_of(std::string_view literal) {
  if (literal.size() < 2 || literal[0] != '0') return {10, 0};
  char const prefix = static_cast<char>(literal[1] | 0x20);  // lower case
  if (prefix == 'x') return {16, 2};
  if (prefix == 'b') return {2, 2};
  return {8, 0};
}

}  // namespace

std::optional<std::uint64_t> integer_literal_value(std::string_view literal) {
  auto [base, i] = base_of(literal);
  std::uint64_t value = 0;
  for (; i < literal.size(); ++i) {
    char const c = literal[i];
    char const lower = static_cast<char>(c | 0x20);
    unsigned digit = 0;
    if (c == '\'') continue;
    if (c >= '0' && c <= '9') {
      digit = static_cast<unsigned>(c - '0');
    } else if (base == 16 && lower >= 'a' && lower <= 'f') {
      digit = static_cast<unsigned>(lower - 'a' + 10);
    } else {
      break;  // the suffix
    }
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base) return std::nullopt;
    value = value * base + digit;
  }
  return value;
}

}  // namespace tiletune::tool
