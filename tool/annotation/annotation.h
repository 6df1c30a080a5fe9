// The annotation language's syntax tree. Every node keeps the span of annotation text it came
// from (offsets into the text between TILETUNE's parentheses), so that each check can point at the
// exact column of the problem.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tiletune::tool {

// Half-open range [begin, end) of byte offsets into the annotation text.
struct Span {
  unsigned begin = 0;
  unsigned end = 0;
};

// `$name` inside an expression.
struct DollarRef {
  std::string name;  // without the '$'
  Span span;         // covers the '$' and the name
  // Inside template arguments opened within its expression (`sizeof(Storage<$m>)`), not the
  // kernel call's own.
  bool in_template_arguments = false;
};

// A tree for the expressions that can be evaluated at build time: integer and boolean literals,
// `$name`, arithmetic, comparison, logical operators, parentheses and `cld(a, b)`. Anything else
// (a C++ variable, a function call, a cast) makes the expression opaque: it has no tree and is
// copied into the generated code as text. Only `where`'s tree may also hold names of constants
// (Name), whose values Clang gives (evaluable_grammar.h).
struct ExprNode {
  enum class Kind { Literal, Dollar, Name, Unary, Binary, Cld };
  Kind kind = Kind::Literal;
  std::int64_t value = 0;  // Literal
  // Dollar: the axis name; Name: the name as written (`kMax`, `Kind::kWide`); Unary / Binary: the
  // operator ("-", "!", "+", "&&", ...)
  std::string name;
  std::vector<std::unique_ptr<ExprNode>> operands;  // Unary: 1, Binary: 2, Cld: 2
  Span span;
};

// A C++ expression in the annotation. `text` is the source text of `span`, with each comment
// replaced by spaces of the same length (newlines kept), so offsets into it match the annotation's;
// `dollars` and `clds` are the places the code generator substitutes.
struct Expr {
  std::string text;
  Span span;
  std::vector<DollarRef> dollars;
  std::vector<Span> clds;                // each covers the identifier `cld` of a cld(...) call
  std::shared_ptr<const ExprNode> tree;  // null when the expression is not evaluable at build time
  bool template_arguments = false;       // a '<' in it opens template arguments
  unsigned template_arguments_at = 0;    // the first such '<' (an offset as the span's)
};

// An integer or boolean literal in a literal space (`true` is 1, `false` is 0).
struct Value {
  std::int64_t value = 0;
  Span span;
};

struct Axis {
  std::string name;
  Span name_span;
  std::vector<Value> values;
  Span span;  // the whole `name = (v, ...)`
};

// space = (a = (1, 2), b = (3, 4))
struct CartesianSpace {
  std::vector<Axis> axes;
  Span span;
};

// space = [(a = 1, b = 2), (a = 3, b = 4)]: each entry is a list of axes with one value each.
struct ListEntry {
  std::vector<Axis> fields;  // every Axis here has exactly one value
  Span span;
};
struct ListSpace {
  std::vector<ListEntry> entries;
  Span span;
};

// space = make_space(...): any other C++ expression, built at run time.
struct OpaqueSpace {
  Expr expr;
};

using SpaceSpec = std::variant<CartesianSpace, ListSpace, OpaqueSpace>;

// `blocks` / `threads`: one expression, or a parenthesised tuple of up to three.
struct Dims {
  std::vector<Expr> exprs;
  bool tuple = false;
  Span span;
};

struct Argument {
  Expr expr;               // for Constant(e): e
  bool constant = false;   // written as Constant(e)
  Span span;               // the whole argument, Constant(...) included
  bool defaulted = false;  // not written: the kernel's default argument (check/default_arguments.h)
};

struct KernelCall {
  std::string callee;  // as written, possibly qualified: ns::kernel
  Span callee_span;
  bool has_template_args = false;
  std::vector<Expr> template_args;
  std::vector<Argument> args;
  Span span;
};

// One `keyword = value` as written, in order, so checks can report repeats and unknown names. The
// parser accepts any identifier as a keyword (an unknown one's value is kept as an opaque
// expression); the typed fields below hold the first use of each known keyword.
struct KeywordUse {
  std::string name;
  Span name_span;
  Span value_span;
};

struct Annotation {
  std::vector<KeywordUse> keywords;

  std::optional<SpaceSpec> space;
  std::optional<Expr> where;
  std::optional<std::vector<Expr>> key;
  std::optional<Dims> blocks;
  std::optional<Dims> threads;
  std::optional<Expr> shmem;
  std::optional<Expr> stream;
  std::optional<Value> occupancy;  // static hint
  std::optional<Value> num_ctas;   // static hint

  // Measurement options (tuning issue): buffers saved before tuning and restored around every
  // trial, `(ptr, bytes, ptr, bytes, ...)`; outputs compared across configurations; `verify = true`
  // or `verify = <tolerance expression>`; `flush_l2 = true` flushes L2 between samples.
  std::optional<std::vector<Expr>> restore;
  std::optional<std::vector<Expr>> outputs;
  std::optional<Expr> verify;
  std::optional<Value> flush_l2;
  // How each sample is timed: `measure = eager` (the default), `graph` or `cold`.
  std::optional<Expr> measure;
  // Which configurations tuning visits: `search = sample`, `budget = 5s`, `seed = 42`.
  std::optional<Expr> search;
  std::optional<Expr> budget;
  std::optional<Expr> seed;

  std::optional<KernelCall> call;
  Span span;
};

// The first use of keyword `name`, or null.
inline const KeywordUse* keyword_use(const Annotation& a, std::string_view name) {
  for (const KeywordUse& k : a.keywords)
    if (k.name == name) return &k;
  return nullptr;
}

}  // namespace tiletune::tool
