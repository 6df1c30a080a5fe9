// The lexical grammar of the annotation language in Boost.Spirit X3: identifiers, whitespace,
// comments, numbers and literals, as C++ spells them.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace tiletune::tool {

namespace x3 = boost::spirit::x3;

namespace lexical {

using x3::char_;
using x3::lit;

auto const identifier_start = char_("a-zA-Z_");
auto const identifier_char = char_("a-zA-Z0-9_");
auto const identifier = identifier_start >> *identifier_char;

auto const whitespace = char_(" \t\n\r\f\v");
auto const line_comment = lit("//") >> *(char_ - '\n');
auto const block_comment = lit("/*") >> *(char_ - lit("*/")) >> lit("*/");

// A C++ preprocessing number: whatever the lexer takes as one token starting with a digit
// (`1.5e+3f`, `0x1p-2`, `1'024`), so that the `'` of a digit separator never opens a character
// literal.
auto const pp_number = (char_("0-9") | lit('.') >> &char_("0-9")) >>
                       *(char_("eEpP") >> char_("+-") | identifier_char | lit('.') |
                         lit('\'') >> identifier_char);

// A C++ integer literal: binary, octal, decimal or hexadecimal, with digit separators and the
// u/l suffixes. Followed by more of a number (`1.5`, `1e3`, `12ab`) it is not an integer.
auto const hex_digit = char_("0-9a-fA-F");
auto const long_suffix = lit("ll") | lit("LL") | char_("lL");
auto const unsigned_suffix = char_("uU");
auto const integer_literal = ((lit("0x") | lit("0X")) >> hex_digit >> *(-lit('\'') >> hex_digit) |
                              (lit("0b") | lit("0B")) >> char_("01") >>
                                  *(-lit('\'') >> char_("01")) |
                              char_("1-9") >> *(-lit('\'') >> char_("0-9")) |
                              lit('0') >> *(-lit('\'') >> char_("0-7"))) >>
                             -(unsigned_suffix >> -long_suffix | long_suffix >> -unsigned_suffix) >>
                             !(identifier_char | lit('\'') | lit('.'));

auto const boolean_literal = (lit("true") | lit("false")) >> !identifier_char;

}  // namespace lexical

// The length of the match of `parser` at the start of `text`, if it matches there.
template <typename Parser>
std::optional<std::size_t> match_length(std::string_view text, Parser const& parser) {
  char const* first = text.data();
  if (!x3::parse(first, text.data() + text.size(), parser)) return std::nullopt;
  return static_cast<std::size_t>(first - text.data());
}

// The value of a literal that lexical::integer_literal matched; nullopt past 64 bits.
std::optional<std::uint64_t> integer_literal_value(std::string_view literal);

inline constexpr auto kInt64Max =
    static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

}  // namespace tiletune::tool
