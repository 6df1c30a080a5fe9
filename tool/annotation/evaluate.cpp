#include "annotation/evaluate.h"

#include <climits>

namespace tiletune::tool {

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
    case K::Unary: {
      auto v = evaluate(*node.operands[0], axes, values);
      if (!v) return std::nullopt;
      if (node.name == "-") return -*v;
      if (node.name == "+") return *v;
      if (node.name == "!") return !*v;
      if (node.name == "~") return ~*v;
      return std::nullopt;
    }
    case K::Cld:
    case K::Binary: {
      const std::string& op = node.kind == K::Cld ? "cld" : node.name;
      auto a = evaluate(*node.operands[0], axes, values);
      if (!a) return std::nullopt;
      // Short-circuit as C++ does, so `$b != 0 && $a % $b == 0` is defined for $b == 0.
      if (op == "&&" && !*a) return 0;
      if (op == "||" && *a) return 1;
      auto b = evaluate(*node.operands[1], axes, values);
      if (!b) return std::nullopt;
      long long r = 0;
      if (op == "+") {
        if (__builtin_add_overflow(*a, *b, &r)) return std::nullopt;
        return r;
      }
      if (op == "-") {
        if (__builtin_sub_overflow(*a, *b, &r)) return std::nullopt;
        return r;
      }
      if (op == "*") {
        if (__builtin_mul_overflow(*a, *b, &r)) return std::nullopt;
        return r;
      }
      if (op == "/" || op == "%" || op == "cld") {
        if (*b == 0 || (*a == LLONG_MIN && *b == -1)) return std::nullopt;
        if (op == "/") return *a / *b;
        if (op == "%") return *a % *b;
        if (__builtin_add_overflow(*a, *b - 1, &r)) return std::nullopt;
        return r / *b;
      }
      if (op == "<<" || op == ">>") {
        if (*b < 0 || *b > 62) return std::nullopt;
        return op == "<<" ? *a << *b : *a >> *b;
      }
      if (op == "<") return *a < *b;
      if (op == "<=") return *a <= *b;
      if (op == ">") return *a > *b;
      if (op == ">=") return *a >= *b;
      if (op == "==") return *a == *b;
      if (op == "!=") return *a != *b;
      if (op == "&") return *a & *b;
      if (op == "|") return *a | *b;
      if (op == "^") return *a ^ *b;
      if (op == "&&") return *a && *b;
      if (op == "||") return *a || *b;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace tiletune::tool
