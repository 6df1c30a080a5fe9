// How the parser's pieces stop at the first error: they throw a Failure, which parse_annotation
// turns into its ParseError. Internal to the annotation library.
#pragma once

#include "annotation/parser.h"

#include <string>
#include <string_view>
#include <utility>

namespace tiletune::tool {

// The deepest nesting of brackets, and of evaluable expression trees, that the parser accepts: far
// beyond any real annotation, and shallow enough that nothing that recurses over the text or over
// a tree can run out of stack.
inline constexpr unsigned kMaxNesting = 256;

// A ParseError on its way out of the recursive descent.
struct Failure {
  ParseError error;
};

[[noreturn]] inline void fail(Span span, std::string message) {
  throw Failure{ParseError{std::move(message), span}};
}

inline std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

}  // namespace tiletune::tool
