// C++ expressions in the annotation are not parsed: an expression is a balanced run of tokens up to
// a ',' or the bracket that closes its container. The scanner finds that run, notes the `$name`s
// and `cld`s in it for the code generator, and gives it a tree when all of it is evaluable.
#pragma once

#include "annotation/annotation.h"
#include "annotation/cursor.h"

#include <optional>

namespace tiletune::tool {

// An open bracket: '(', '[', '{', or '<' around template arguments.
struct Bracket {
  char open;
  unsigned offset;
  unsigned depth = 1;  // the brackets open around it, itself included
};

// The expression from the cursor up to a ',' or the closing bracket of `container` at its top
// level (not consumed), or up to the end of the text when there is no container. String and
// character literals and comments are skipped whole; comments become spaces in the Expr's text.
Expr scan_expression(Cursor& cursor, std::optional<Bracket> container);

// Fails: `bracket` is never closed.
[[noreturn]] void fail_unbalanced(Bracket bracket);

inline bool is_empty(Expr const& expr) { return expr.span.begin == expr.span.end; }

}  // namespace tiletune::tool
