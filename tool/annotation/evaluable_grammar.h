// The expressions that can be evaluated at build time (integer and boolean literals, `$name`,
// arithmetic, comparison, logical operators, parentheses, cld(a, b)), parsed with Boost.Spirit X3
// into an ExprNode tree.
#pragma once

#include "annotation/annotation.h"

#include <memory>

namespace tiletune::tool {

// The tree of `expr` when all of it is evaluable at build time, else null. Throws the parser's
// Failure (parse_failure.h) for a tree nested deeper than kMaxNesting.
std::shared_ptr<const ExprNode> evaluable_tree(Expr const& expr);

}  // namespace tiletune::tool
