// The expressions that can be evaluated at build time (integer and boolean literals, `$name`,
// arithmetic, comparison, logical operators, parentheses, cld(a, b)), parsed with Boost.Spirit X3
// into an ExprNode tree.
#pragma once

#include "annotation/annotation.h"
#include "annotation/parser.h"

#include <memory>
#include <optional>
#include <variant>
#include <vector>

namespace tiletune::tool {

// Whether names (`kMax`, `ns::kMax`, `Kind::kWide`), and `sizeof(...)`/`alignof(...)` taken whole
// as names are, may stand as operands: only in `where`, the one expression the tool evaluates
// whole, each name's value given by Clang where the annotation is written
// (preprocess/call_probe.h); elsewhere a name makes the expression a run-time one.
enum class Names { kRefused, kConstants };

// The tree of `expr` when all of it is evaluable at build time, else null (with kConstants, also
// null for an expression in which a '<' opens template arguments: `Traits<float>::kMax` is no
// name of this grammar). Throws the parser's Failure (parse_failure.h) for a tree nested deeper
// than kMaxNesting.
std::shared_ptr<const ExprNode> evaluable_tree(Expr const& expr, Names names = Names::kRefused);

// evaluable_tree for a part of an expression the parser accepted whole (a cld's argument, a
// divisor): null, not a throw, for one nested too deeply.
std::shared_ptr<const ExprNode> evaluable_part(Expr const& part);

// `where`'s tree: its own, else the one with names of constants (null when there is neither); a
// tree nested too deeply is the error that says so.
std::variant<std::shared_ptr<const ExprNode>, ParseError> where_tree(Expr const& where);

// Where the grammar of `where` (names of constants allowed) stops reading `expr`: an offset into
// its text, 0 when it reads nothing; nullopt when it reads all of it, or when it is nested too
// deeply (where_tree says so).
std::optional<unsigned> evaluable_stop(Expr const& expr);

// Every Name of `tree` in the order it is written: its index there is its place in this list.
std::vector<const ExprNode*> names_in(const ExprNode& tree);

}  // namespace tiletune::tool
