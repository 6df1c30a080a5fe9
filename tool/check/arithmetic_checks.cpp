#include "check/arithmetic_checks.h"

#include "annotation/evaluable_grammar.h"
#include "annotation/evaluate.h"
#include "annotation/launch_expressions.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {
namespace {

// A part of an expression's text, [begin, end) in the text's offsets, and whether it is a divisor.
struct Part {
  std::size_t begin = 0, end = 0;
  bool divisor = false;
};

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the string or character literal opening at `at` ends (past its closing quote).
std::size_t skip_quoted(std::string_view text, std::size_t at) {
  const char quote = text[at];
  for (++at; at < text.size() && text[at] != quote; ++at)
    if (text[at] == '\\') ++at;
  return std::min(at + 1, text.size());
}

// The bracket that closes the one opening at `open`, or npos.
std::size_t closing_bracket(std::string_view text, std::size_t open) {
  int depth = 0;
  for (std::size_t at = open; at < text.size(); ++at) {
    const char c = text[at];
    if (c == '"' || c == '\'') {
      at = skip_quoted(text, at) - 1;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && --depth == 0) return at;
  }
  return std::string_view::npos;
}

// [begin, end) with the spaces at its ends left out.
Part trimmed(std::string_view text, std::size_t begin, std::size_t end, bool divisor = false) {
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return {begin, end, divisor};
}

// Whether the '+' or '-' at `at` adds or subtracts (after an operand) rather than being a sign,
// `++`, `--`, `->` or a compound assignment.
bool binary_additive(std::string_view text, std::size_t begin, std::size_t at) {
  const char next = at + 1 < text.size() ? text[at + 1] : '\0';
  if (next == text[at] || next == '=' || (text[at] == '-' && next == '>')) return false;
  if (at > 0 && (text[at - 1] == '+' || text[at - 1] == '-')) return false;
  std::size_t before = at;
  while (before > begin && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
  if (before == begin) return false;
  const char c = text[before - 1];
  return is_identifier_char(c) || c == ')' || c == ']' || c == '.';
}

// The comma-separated elements of [begin, end), each split into its terms at the '+' and '-' of
// its top level; every bracket inside gets the same, recursively.
void add_terms(std::string_view text, std::size_t begin, std::size_t end,
               std::vector<Part>& parts) {
  std::size_t term = begin;
  for (std::size_t at = begin; at < end; ++at) {
    const char c = text[at];
    if (c == '"' || c == '\'') {
      at = skip_quoted(text, at) - 1;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      const std::size_t close = closing_bracket(text, at);
      if (close == std::string_view::npos || close >= end) return;
      add_terms(text, at + 1, close, parts);
      at = close;
      continue;
    }
    if (c == ',' || ((c == '+' || c == '-') && binary_additive(text, term, at))) {
      parts.push_back(trimmed(text, term, at));
      term = at + 1;
    }
  }
  parts.push_back(trimmed(text, term, end));
}

// The operand after the '/' or '%' at `op`: signs, then a `$name`, a number, a bracket or a
// cld(...), with nothing after it that makes it longer (a call, an index, a member).
void add_divisor(std::string_view text, std::size_t op, std::vector<Part>& parts) {
  auto next_significant = [&](std::size_t at) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    return at;
  };
  const std::size_t first = next_significant(op + 1);
  std::size_t at = first;
  while (at < text.size() && std::string_view("-+!~").find(text[at]) != std::string_view::npos)
    at = next_significant(at + 1);
  if (at >= text.size()) return;
  const bool cld = text.compare(at, 3, "cld") == 0 &&
                   (at + 3 == text.size() || !is_identifier_char(text[at + 3]));
  if (text[at] == '$' || std::isdigit(static_cast<unsigned char>(text[at]))) {
    ++at;
    while (at < text.size() && (is_identifier_char(text[at]) || text[at] == '\'')) ++at;
  } else if (text[at] == '(' || cld) {
    const std::size_t open = cld ? next_significant(at + 3) : at;
    if (open >= text.size() || text[open] != '(') return;
    const std::size_t close = closing_bracket(text, open);
    if (close == std::string_view::npos) return;
    at = close + 1;
  } else {
    return;
  }
  const std::size_t end = at;
  at = next_significant(at);
  if (at < text.size() &&
      (text[at] == '(' || text[at] == '[' || text[at] == '.' || text.compare(at, 2, "->") == 0))
    return;
  parts.push_back(trimmed(text, first, end, true));
}

// The second argument of the cld(...) whose name starts at `name`.
void add_cld_divisor(std::string_view text, std::size_t name, std::vector<Part>& parts) {
  const std::size_t open = text.find('(', name);
  if (open == std::string_view::npos) return;
  const std::size_t close = closing_bracket(text, open);
  if (close == std::string_view::npos) return;
  int depth = 0;
  for (std::size_t at = open + 1; at < close; ++at) {
    const char c = text[at];
    if (c == '"' || c == '\'') {
      at = skip_quoted(text, at) - 1;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      parts.push_back(trimmed(text, at + 1, close, true));
      return;
    }
  }
}

// The parts of `e`'s text the tool may evaluate alone. None where a condition may guard them
// (`?:`, `&&`, `||`: the generated code would not compute them for every configuration), nor where
// a '<' opens template arguments (whose commas and '>' the split here does not know).
std::vector<Part> evaluable_parts(const Expr& e) {
  std::string_view text = e.text;
  std::vector<Part> parts;
  if (e.template_arguments || text.find('?') != std::string_view::npos ||
      text.find("&&") != std::string_view::npos || text.find("||") != std::string_view::npos)
    return parts;
  add_terms(text, 0, text.size(), parts);
  for (const Span& cld : e.clds) add_cld_divisor(text, cld.begin - e.span.begin, parts);
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (text[at] == '"' || text[at] == '\'') {
      at = skip_quoted(text, at) - 1;
      continue;
    }
    if ((text[at] == '/' || text[at] == '%') && (at + 1 == text.size() || text[at + 1] != '='))
      add_divisor(text, at, parts);
  }
  return parts;
}

bool has_dollar(const ExprNode& node) {
  if (node.kind == ExprNode::Kind::Dollar) return true;
  for (const auto& operand : node.operands)
    if (has_dollar(*operand)) return true;
  return false;
}

class ArithmeticCheck {
 public:
  ArithmeticCheck(const LiteralSpace& space, SiteReporter& report)
      : space_(space), report_(report) {}

  // `tree` (of `e`, or of a part of it) for each configuration: its first failure, reported once
  // per place.
  void check(const ExprNode& tree, const Expr& e) {
    for (const std::vector<long long>& config : space_.configs) {
      std::optional<EvaluationFailure> failure = evaluation_failure(tree, space_.axes, config);
      if (!failure) continue;
      const ExprNode& at = *failure->at;
      // A literal zero divisor is check_literal_values' error, for every configuration.
      bool const literal_zero = failure->kind == EvaluationFailure::Kind::kDivisionByZero &&
                                at.kind == ExprNode::Kind::Literal;
      if (!literal_zero && reported_.insert(at.span.begin).second)
        report_failure(*failure, e, has_dollar(tree) ? &config : nullptr);
      return;
    }
  }

  // A divisor written alone: zero for some configuration.
  void check_divisor(const ExprNode& tree, const Expr& e) {
    if (!has_dollar(tree)) return;  // the same for every configuration: check() or the literal's
    for (const std::vector<long long>& config : space_.configs) {
      std::optional<long long> v = evaluate(tree, space_.axes, config);
      if (!v || *v != 0) continue;
      if (reported_.insert(tree.span.begin).second)
        report_failure({EvaluationFailure::Kind::kDivisionByZero, &tree}, e, &config);
      return;
    }
  }

 private:
  // `config` null: the same for every configuration.
  void report_failure(const EvaluationFailure& failure, const Expr& e,
                      const std::vector<long long>* config) {
    const Span span = failure.at->span;
    const std::string written(e.text.substr(span.begin - e.span.begin, span.end - span.begin));
    const std::string which = config ? " for " + space_.describe(*config) : "";
    if (failure.kind == EvaluationFailure::Kind::kDivisionByZero)
      report_.error(span, "division by zero" + which + ": '" + written +
                              "' is 0 there (cld raises tiletune::Error at every first launch, "
                              "'/' and '%' are undefined); leave the value out of the space or "
                              "remove the configuration with `where`");
    else
      report_.error(span, "'" + written + "' overflows 64-bit arithmetic" + which +
                              ", which is undefined in the generated code");
  }

  const LiteralSpace& space_;
  SiteReporter& report_;
  std::set<unsigned> reported_;
};

}  // namespace

void check_configuration_arithmetic(const Annotation& a, const LiteralSpace* literal,
                                    SiteReporter& report) {
  static const LiteralSpace kNoAxes{{}, {{}}};
  ArithmeticCheck check(literal ? *literal : kNoAxes, report);
  for_each_launch_expression(a, [&](const Expr& e) {
    if (a.where && &e == &*a.where) return;
    if (e.tree) {
      check.check(*e.tree, e);
      return;
    }
    for (const Part& part : evaluable_parts(e)) {
      if (part.begin >= part.end) continue;
      Expr piece;
      piece.text = e.text.substr(part.begin, part.end - part.begin);
      piece.span = {e.span.begin + static_cast<unsigned>(part.begin),
                    e.span.begin + static_cast<unsigned>(part.end)};
      std::shared_ptr<const ExprNode> tree = evaluable_part(piece);
      if (!tree) continue;
      check.check(*tree, e);
      if (part.divisor) check.check_divisor(*tree, e);
    }
  });
}

}  // namespace tiletune::tool
