// The annotation's keywords, one line each: the table the parser, the checks, the generated code
// and the unknown-keyword suggestion read. A line gives the keyword's name, how its value is
// written (which says how the parser reads it), the Annotation field that keeps its first use,
// when the value is evaluated, and why a `$name` cannot appear in it where it cannot. A new keyword
// is a line here and its field in Annotation, what it means (a check, the code it becomes) and a
// test. The language itself: docs/annotation.md.
#pragma once

#include "annotation/annotation.h"

#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace tiletune::tool {

// How a keyword's value is written.
enum class ValueKind : unsigned char {
  space,            // (a = (1, 2), ...), [(a = 1, ...), ...], or any other C++ expression
  dimensions,       // an expression, or (x, y, z)
  expression_list,  // an expression, or (e, ...)
  expression,       // one C++ expression, up to the next ',' outside brackets
  static_hint,      // an integer literal: a hint for every configuration
  flag,             // true or false
};

// When the value is evaluated.
enum class Evaluated : unsigned char {
  by_the_tool,        // a literal or a word the tool reads at build time
  at_first_launch,    // once per key, before any configuration: a space built at run time
  per_launch,         // at every launch, before a configuration is chosen
  per_configuration,  // for each configuration launched: `$name` is that configuration's value
  when_tuning,        // when a tuning starts: the same for every configuration
};

// Where the parser keeps a keyword's first use: one alternative per type a value kind parses into.
using KeywordField =
    std::variant<std::optional<SpaceSpec> Annotation::*, std::optional<Dims> Annotation::*,
                 std::optional<std::vector<Expr>> Annotation::*, std::optional<Expr> Annotation::*,
                 std::optional<Value> Annotation::*>;

struct Keyword {
  std::string_view name;
  ValueKind value;
  KeywordField field;
  Evaluated evaluated;
  // Why a `$name` cannot appear in the value, said after "'$x' cannot appear in 'name': "; empty
  // where it names the configuration's value, or where the value's own check reads it (a word).
  std::string_view no_dollar;
};

// Why a `$name` cannot appear where no configuration is known yet.
inline constexpr std::string_view kSpaceDefinesAxes = "the space defines the axes that '$' names";
inline constexpr std::string_view kKeyComesFirst =
    "the key is computed before a configuration is chosen";
inline constexpr std::string_view kSameBuffers = "the buffers are the same for every configuration";

// In the order an error message lists them.
inline constexpr Keyword kKeywords[] = {
    // What is tuned.
    {"space", ValueKind::space, &Annotation::space, Evaluated::at_first_launch, kSpaceDefinesAxes},
    {"where", ValueKind::expression, &Annotation::where, Evaluated::per_configuration, ""},
    // The launch.
    {"key", ValueKind::expression_list, &Annotation::key, Evaluated::per_launch, kKeyComesFirst},
    {"blocks", ValueKind::dimensions, &Annotation::blocks, Evaluated::per_configuration, ""},
    {"threads", ValueKind::dimensions, &Annotation::threads, Evaluated::per_configuration, ""},
    {"shmem", ValueKind::expression, &Annotation::shmem, Evaluated::per_configuration, ""},
    {"stream", ValueKind::expression, &Annotation::stream, Evaluated::per_configuration, ""},
    // Static hints, for every configuration.
    {"occupancy", ValueKind::static_hint, &Annotation::occupancy, Evaluated::by_the_tool, ""},
    {"num_ctas", ValueKind::static_hint, &Annotation::num_ctas, Evaluated::by_the_tool, ""},
    // What a tuning does around its trials.
    {"restore", ValueKind::expression_list, &Annotation::restore, Evaluated::when_tuning,
     kSameBuffers},
    {"outputs", ValueKind::expression_list, &Annotation::outputs, Evaluated::when_tuning,
     kSameBuffers},
    {"verify", ValueKind::expression, &Annotation::verify, Evaluated::when_tuning, kSameBuffers},
    {"flush_l2", ValueKind::flag, &Annotation::flush_l2, Evaluated::by_the_tool, ""},
    {"measure", ValueKind::expression, &Annotation::measure, Evaluated::by_the_tool, ""},
    // Which configurations a tuning visits.
    {"search", ValueKind::expression, &Annotation::search, Evaluated::by_the_tool, ""},
    {"budget", ValueKind::expression, &Annotation::budget, Evaluated::by_the_tool, ""},
    {"seed", ValueKind::expression, &Annotation::seed, Evaluated::by_the_tool, ""},
};

// The keyword named `name`, or null.
constexpr const Keyword* keyword_named(std::string_view name) {
  for (const Keyword& k : kKeywords)
    if (k.name == name) return &k;
  return nullptr;
}

// The field alternative a value kind parses into: a line whose field is another type is a mistake
// the build refuses (below).
constexpr std::size_t field_index(ValueKind kind) {
  switch (kind) {
    case ValueKind::space:
      return 0;
    case ValueKind::dimensions:
      return 1;
    case ValueKind::expression_list:
      return 2;
    case ValueKind::expression:
      return 3;
    case ValueKind::static_hint:
    case ValueKind::flag:
      break;
  }
  return 4;
}

constexpr bool fields_hold_their_values() {
  for (const Keyword& k : kKeywords)
    if (k.field.index() != field_index(k.value)) return false;
  return true;
}
static_assert(fields_hold_their_values(), "a keyword's field must hold what its value kind parses");

// Calls f(const Expr&) for each expression of keyword `k`'s value in `a` (none for a literal, a
// literal space, or a keyword not given).
template <class F>
void for_each_expression(const Annotation& a, const Keyword& k, F&& f) {
  std::visit(
      [&](auto member) {
        const auto& value = a.*member;
        if (!value) return;
        using T = typename std::decay_t<decltype(value)>::value_type;
        if constexpr (std::is_same_v<T, Expr>) {
          f(*value);
        } else if constexpr (std::is_same_v<T, std::vector<Expr>>) {
          for (const Expr& e : *value) f(e);
        } else if constexpr (std::is_same_v<T, Dims>) {
          for (const Expr& e : value->exprs) f(e);
        } else if constexpr (std::is_same_v<T, SpaceSpec>) {
          if (const auto* opaque = std::get_if<OpaqueSpace>(&*value)) f(opaque->expr);
        }
      },
      k.field);
}

}  // namespace tiletune::tool
