// Evaluates an annotation expression's tree for one configuration, at build time.
#pragma once

#include "annotation/annotation.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// nullopt when the value cannot be known here: an undefined `$name`, a name of a constant (see
// with_name_values), division by zero, overflow.
std::optional<long long> evaluate(const ExprNode& node, const std::vector<std::string>& axes,
                                  const std::vector<long long>& values);

// Why `node` has no value for this configuration: the innermost operation that fails, as C++
// evaluates it (`&&` and `||` short-circuit). nullopt when it has one, and when what is missing is
// a value the tool does not know (a `$name` no axis defines, a name of a constant).
struct EvaluationFailure {
  enum class Kind { kDivisionByZero, kOverflow };
  Kind kind;
  const ExprNode* at;  // the divisor that is zero, or the operation that overflows
};
std::optional<EvaluationFailure> evaluation_failure(const ExprNode& node,
                                                    const std::vector<std::string>& axes,
                                                    const std::vector<long long>& values);

// `tree` with its Names, in the order names_in lists them (evaluable_grammar.h), replaced by
// `name_values` as literals at their spans.
std::shared_ptr<const ExprNode> with_name_values(const ExprNode& tree,
                                                 const std::vector<long long>& name_values);

}  // namespace tiletune::tool
