#include "annotation/evaluate.h"

#include <climits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {
namespace {

std::optional<long long> apply_unary(std::string_view op, long long v) {
  if (op == "-") return v == LLONG_MIN ? std::nullopt : std::optional(-v);
  if (op == "+") return v;
  if (op == "!") return !v;
  if (op == "~") return ~v;
  return std::nullopt;
}

// / % cld: nullopt for a division by zero or one that overflows.
std::optional<long long> apply_division(std::string_view op, long long a, long long b) {
  if (b == 0 || (a == LLONG_MIN && b == -1)) return std::nullopt;
  if (op == "/") return a / b;
  if (op == "%") return a % b;
  long long r = 0;
  if (__builtin_add_overflow(a, b - 1, &r)) return std::nullopt;
  return r / b;  // cld
}

// + - * / % cld << >>: nullopt where C++ would overflow or divide by zero.
std::optional<long long> apply_arithmetic(std::string_view op, long long a, long long b) {
  long long r = 0;
  if (op == "+") return __builtin_add_overflow(a, b, &r) ? std::nullopt : std::optional(r);
  if (op == "-") return __builtin_sub_overflow(a, b, &r) ? std::nullopt : std::optional(r);
  if (op == "*") return __builtin_mul_overflow(a, b, &r) ? std::nullopt : std::optional(r);
  if (op == "/" || op == "%" || op == "cld") return apply_division(op, a, b);
  if (op == "<<" || op == ">>") {
    if (b < 0 || b > 62) return std::nullopt;
    if (op == ">>") return a >> b;
    // A bit shifted past the sign overflows, as a multiplication by 2^b would.
    if (a > (LLONG_MAX >> b) || a < (LLONG_MIN >> b)) return std::nullopt;
    return a << b;
  }
  return std::nullopt;
}

// Comparisons, bitwise and logical operators.
std::optional<long long> apply_logical(std::string_view op, long long a, long long b) {
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  if (op == ">=") return a >= b;
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "&") return a & b;
  if (op == "|") return a | b;
  if (op == "^") return a ^ b;
  if (op == "&&") return a && b;
  if (op == "||") return a || b;
  return std::nullopt;
}

std::optional<long long> evaluate_binary(const ExprNode& node, const std::vector<std::string>& axes,
                                         const std::vector<long long>& values) {
  const std::string_view op =
      node.kind == ExprNode::Kind::Cld ? std::string_view("cld") : std::string_view(node.name);
  auto a = evaluate(*node.operands[0], axes, values);
  if (!a) return std::nullopt;
  // Short-circuit as C++ does, so `$b != 0 && $a % $b == 0` is defined for $b == 0.
  if (op == "&&" && !*a) return 0;
  if (op == "||" && *a) return 1;
  auto b = evaluate(*node.operands[1], axes, values);
  if (!b) return std::nullopt;
  if (auto r = apply_arithmetic(op, *a, *b)) return r;
  return apply_logical(op, *a, *b);
}

}  // namespace

std::optional<long long> evaluate(const ExprNode& node, const std::vector<std::string>& axes,
                                  const std::vector<long long>& values) {
  using K = ExprNode::Kind;
  switch (node.kind) {
    case K::Literal:
      return node.value;
    case K::Dollar:
      for (std::size_t i = 0; i < axes.size(); ++i)
        if (axes[i] == node.name) return values[i];
      return std::nullopt;
    case K::Name:  // known once Clang has given its value: with_name_values
      return std::nullopt;
    case K::Unary: {
      auto v = evaluate(*node.operands[0], axes, values);
      if (!v) return std::nullopt;
      return apply_unary(node.name, *v);
    }
    case K::Cld:
    case K::Binary:
      return evaluate_binary(node, axes, values);
  }
  return std::nullopt;
}

std::optional<EvaluationFailure> evaluation_failure(const ExprNode& node,
                                                    const std::vector<std::string>& axes,
                                                    const std::vector<long long>& values) {
  using K = ExprNode::Kind;
  if (node.kind == K::Literal || node.kind == K::Dollar || node.kind == K::Name ||
      evaluate(node, axes, values))
    return std::nullopt;
  std::vector<long long> operands;
  for (const auto& operand : node.operands) {
    std::optional<long long> v = evaluate(*operand, axes, values);
    if (!v) return evaluation_failure(*operand, axes, values);
    operands.push_back(*v);
  }
  const bool divides =
      node.kind == K::Cld || (node.kind == K::Binary && (node.name == "/" || node.name == "%"));
  if (divides && operands.size() == 2 && operands[1] == 0)
    return EvaluationFailure{EvaluationFailure::Kind::kDivisionByZero, node.operands[1].get()};
  return EvaluationFailure{EvaluationFailure::Kind::kOverflow, &node};
}

namespace {

std::unique_ptr<ExprNode> copy_with(const ExprNode& node, const std::vector<long long>& values,
                                    std::size_t& next) {
  auto out = std::make_unique<ExprNode>();
  out->kind = node.kind;
  out->value = node.value;
  out->name = node.name;
  out->span = node.span;
  if (node.kind == ExprNode::Kind::Name && next < values.size()) {
    out->kind = ExprNode::Kind::Literal;
    out->value = values[next++];
  }
  for (const auto& operand : node.operands)
    out->operands.push_back(copy_with(*operand, values, next));
  return out;
}

}  // namespace

std::shared_ptr<const ExprNode> with_name_values(const ExprNode& tree,
                                                 const std::vector<long long>& name_values) {
  std::size_t next = 0;
  return copy_with(tree, name_values, next);
}

}  // namespace tiletune::tool
