// A position in the annotation text, with the lexical steps every part of the parser takes:
// looking at what comes next, taking a token, skipping whitespace and comments.
#pragma once

#include "annotation/annotation.h"
#include "annotation/lexical_grammar.h"
#include "annotation/parser.h"
#include "annotation/template_names.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace tiletune::tool {

struct Cursor {
  std::string_view text;
  unsigned pos = 0;
  // What the names before a '<' are, where the caller knows; null: the parser's own rule.
  const TemplateNames* template_names = nullptr;

  std::string_view rest() const { return text.substr(pos); }
  unsigned size() const { return static_cast<unsigned>(text.size()); }
  bool at_end() const { return pos >= text.size(); }
  bool at(char c) const { return !at_end() && text[pos] == c; }
  bool at(std::string_view s) const { return rest().starts_with(s); }

  // The text `parser` matches at the cursor, which moves past it; nullopt (not moving) otherwise.
  template <typename Parser>
  std::optional<std::string_view> take(Parser const& parser) {
    auto const length = match_length(rest(), parser);
    if (!length) return std::nullopt;
    std::string_view const matched = text.substr(pos, *length);
    pos += static_cast<unsigned>(*length);
    return matched;
  }

  // A comment at the cursor, taken whole; fails on one that never ends.
  std::optional<Span> take_comment();
  // Skips whitespace and comments.
  void skip();
  // The next character that is not whitespace or a comment ('\0' at the end); the cursor stays.
  char next_significant_char();
  // The token at `offset`, to point an error at: a name, a number, or one character.
  Span token_at(unsigned offset) const;
  // Whether a preprocessor directive begins at `offset`: a '#' first on its line but for blanks,
  // the annotation's first line excepted (it follows `TILETUNE(`).
  bool directive_at(unsigned offset) const;
};

// The name of the directive whose '#' is at `hash` ("if", "define"), blanks between them allowed.
std::string_view directive_name(std::string_view text, std::size_t hash);

// The error at the directive at `offset` (Cursor::directive_at): one the site finder left in the
// annotation's text is not a conditional (preprocess/resolved_conditionals.h), and would act on
// the code after the annotation, which the rewritten site no longer holds.
ParseError directive_error(std::string_view text, unsigned offset);

}  // namespace tiletune::tool
