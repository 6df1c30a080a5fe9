// Where an expression stops being one the tool evaluates at build time (`where`): the part a
// message should point at, and what kind of thing it is.
#pragma once

#include "annotation/annotation.h"

#include <string>

namespace tiletune::tool {

// The part of `where` that makes it no build-time expression, and what it is: the template
// arguments of the first name that takes them (`Traits<float>::kMax`), else what stands where the
// grammar stops reading: a call with its arguments (`max_tile()`), a member access or subscript
// with the name before it, or the token there. The whole expression when it cannot tell (written
// through a macro, whose text is not the expression's).
struct UnevaluablePart {
  Span span;
  std::string text;  // the part's text; empty for the whole expression
  std::string kind;  // "a call"; empty for a token that is none of the kinds
};

// The part of `where` (an expression evaluable_tree does not take whole) to point at.
UnevaluablePart unevaluable_part(const Expr& where);

}  // namespace tiletune::tool
