// The grammar of the expressions that can be evaluated at build time, in Boost.Spirit X3.
#include "annotation/evaluable_grammar.h"

#include "annotation/lexical_grammar.h"
#include "annotation/parse_failure.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tiletune::tool {
namespace {

using Iterator = const char*;

// The grammar of the expressions evaluable at build time. Its semantic actions build the tree on a
// stack: each operand leaves one node there, each operator replaces its operands by one node.
// Binary operators are matched as a flat sequence and folded by precedence afterwards, so that the
// parser recurses only into parentheses (whose depth the scanner has bounded), never once per
// operator.
namespace evaluable {

class TreeBuilder {
 public:
  struct Entry {
    std::unique_ptr<ExprNode> node;
    unsigned depth = 1;
  };

  TreeBuilder(Iterator origin, unsigned offset, Names names)
      : origin_(origin), offset_(offset), names_(names) {}

  bool names_allowed() const { return names_ == Names::kConstants; }

  Span span(Iterator first, Iterator last) const {
    return {offset_ + static_cast<unsigned>(first - origin_),
            offset_ + static_cast<unsigned>(last - origin_)};
  }

  std::vector<Entry>& stack() { return stack_; }
  std::optional<Span> too_deep() const { return too_deep_; }

  // A literal or `$name` node for `text`, a slice of the expression's text.
  void push_leaf(ExprNode::Kind kind, std::string_view text, std::int64_t value, std::string name) {
    auto node = std::make_unique<ExprNode>();
    node->kind = kind;
    node->value = value;
    node->name = std::move(name);
    node->span = span(text.data(), text.data() + text.size());
    stack_.push_back({std::move(node), 1});
  }

  // Replaces the top `arity` nodes by one node of which they are the operands. False past
  // kMaxNesting levels: the parse fails there and the caller reports it.
  bool reduce(ExprNode::Kind kind, std::string name, std::size_t arity, Span span) {
    auto node = std::make_unique<ExprNode>();
    node->kind = kind;
    node->name = std::move(name);
    node->span = span;
    unsigned depth = 1;
    auto const operands = stack_.end() - static_cast<std::ptrdiff_t>(arity);
    for (auto it = operands; it != stack_.end(); ++it) {
      depth = std::max(depth, it->depth + 1);
      node->operands.push_back(std::move(it->node));
    }
    stack_.erase(operands, stack_.end());
    if (depth > kMaxNesting) {
      too_deep_ = span;
      return false;
    }
    stack_.push_back({std::move(node), depth});
    return true;
  }

 private:
  Iterator origin_;  // the start of the expression's text
  unsigned offset_;  // the offset of that text in the annotation
  Names names_;
  std::vector<Entry> stack_;
  std::optional<Span> too_deep_;
};

struct builder_tag;

template <typename Context>
TreeBuilder& builder(Context const& context) {
  return x3::get<builder_tag>(context);
}

template <typename Range>
std::string_view view(Range const& range) {
  return {range.begin(), static_cast<std::size_t>(range.end() - range.begin())};
}

int precedence(std::string_view op) {
  static constexpr std::array<std::pair<std::string_view, int>, 18> kPrecedence{{
      {"*", 10},
      {"/", 10},
      {"%", 10},
      {"+", 9},
      {"-", 9},
      {"<<", 8},
      {">>", 8},
      {"<", 7},
      {"<=", 7},
      {">", 7},
      {">=", 7},
      {"==", 6},
      {"!=", 6},
      {"&", 5},
      {"^", 4},
      {"|", 3},
      {"&&", 2},
      {"||", 1},
  }};
  for (auto const& [name, level] : kPrecedence)
    if (name == op) return level;
  return 0;
}

auto const push_integer = [](auto& context) {
  auto const literal = view(x3::_attr(context));
  auto const value = integer_literal_value(literal);
  // A literal past int64 is valid C++ but cannot be evaluated here: the expression is opaque.
  if (!value || *value > kInt64Max) {
    x3::_pass(context) = false;
    return;
  }
  builder(context).push_leaf(ExprNode::Kind::Literal, literal, static_cast<std::int64_t>(*value),
                             "");
};

auto const push_boolean = [](auto& context) {
  auto const literal = view(x3::_attr(context));
  builder(context).push_leaf(ExprNode::Kind::Literal, literal, literal == "true" ? 1 : 0, "");
};

auto const push_dollar = [](auto& context) {
  auto const reference = view(x3::_attr(context));
  builder(context).push_leaf(ExprNode::Kind::Dollar, reference, 0,
                             std::string(reference.substr(1)));
};

// A name as an operand, where names are allowed; kept as written, without the spaces a `::` may
// have around it.
auto const push_name = [](auto& context) {
  auto const written = view(x3::_attr(context));
  TreeBuilder& b = builder(context);
  if (!b.names_allowed()) {
    x3::_pass(context) = false;
    return;
  }
  std::string name;
  for (char c : written)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') name += c;
  b.push_leaf(ExprNode::Kind::Name, written, 0, std::move(name));
};

// `sizeof(...)` or `alignof(...)` as an operand, where names are allowed: a constant Clang
// evaluates as it does a name's (`$t * sizeof(float) <= 4096`), kept as written with each run of
// whitespace one space.
auto const push_size_query = [](auto& context) {
  auto const written = view(x3::_attr(context));
  TreeBuilder& b = builder(context);
  if (!b.names_allowed()) {
    x3::_pass(context) = false;
    return;
  }
  std::string text;
  bool space = false;
  for (char c : written) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
      space = true;
      continue;
    }
    if (space && !text.empty()) text += ' ';
    space = false;
    text += c;
  }
  b.push_leaf(ExprNode::Kind::Name, written, 0, std::move(text));
};

auto const make_cld = [](auto& context) {
  auto const call = view(x3::_attr(context));
  TreeBuilder& b = builder(context);
  x3::_pass(context) =
      b.reduce(ExprNode::Kind::Cld, "", 2, b.span(call.data(), call.data() + call.size()));
};

// A parenthesised operand spans its parentheses, so that the operator around it spans them too.
auto const widen_to_parentheses = [](auto& context) {
  auto const parenthesised = view(x3::_attr(context));
  TreeBuilder& b = builder(context);
  b.stack().back().node->span =
      b.span(parenthesised.data(), parenthesised.data() + parenthesised.size());
};

auto const apply_unary_operators = [](auto& context) {
  auto const& operators = x3::_attr(context);
  TreeBuilder& b = builder(context);
  for (auto op = operators.rbegin(); op != operators.rend(); ++op) {
    Span const span{b.span(op->begin(), op->end()).begin, b.stack().back().node->span.end};
    if (!b.reduce(ExprNode::Kind::Unary, std::string(view(*op)), 1, span)) {
      x3::_pass(context) = false;
      return;
    }
  }
};

// Folds `operand (operator operand)*`, whose operands are the top of the stack in order, into one
// tree: C precedence, left associative (operator-precedence parsing).
auto const fold_binary_operators = [](auto& context) {
  auto const& operators = x3::_attr(context);
  TreeBuilder& b = builder(context);
  auto& stack = b.stack();
  auto const first_operand = stack.end() - static_cast<std::ptrdiff_t>(operators.size() + 1);
  std::vector<TreeBuilder::Entry> operands(std::make_move_iterator(first_operand),
                                           std::make_move_iterator(stack.end()));
  stack.erase(first_operand, stack.end());

  std::vector<std::size_t> pending;  // operators still waiting for their right operand to end
  auto const reduce_pending = [&] {
    std::string_view const op = view(operators[pending.back()]);
    pending.pop_back();
    Span const span{stack[stack.size() - 2].node->span.begin, stack.back().node->span.end};
    return b.reduce(ExprNode::Kind::Binary, std::string(op), 2, span);
  };
  stack.push_back(std::move(operands.front()));
  for (std::size_t i = 0; i < operators.size(); ++i) {
    int const level = precedence(view(operators[i]));
    while (!pending.empty() && precedence(view(operators[pending.back()])) >= level) {
      if (!reduce_pending()) {
        x3::_pass(context) = false;
        return;
      }
    }
    pending.push_back(i);
    stack.push_back(std::move(operands[i + 1]));
  }
  while (!pending.empty()) {
    if (!reduce_pending()) {
      x3::_pass(context) = false;
      return;
    }
  }
};

using x3::lit;

// Longest operators first; an operator directly followed by '=' is an assignment, and `++`, `--`,
// `->` are not two operators: none of those is evaluable.
auto const binary_operator =
    x3::lexeme[lit("||") | lit("&&") | lit("<<") >> !lit('=') | lit(">>") >> !lit('=') |
               lit("<=") >> !lit('>') | lit(">=") | lit("==") | lit("!=") | lit('|') >> !lit('=') |
               lit('&') >> !lit('=') | lit('^') >> !lit('=') | lit('<') >> !lit('=') |
               lit('>') >> !lit('=') | lit('+') >> !(lit('+') | lit('=')) |
               lit('-') >> !(lit('-') | lit('=') | lit('>')) | lit('*') >> !lit('=') |
               lit('/') >> !lit('=') | lit('%') >> !lit('=')];
auto const unary_operator =
    x3::lexeme[lit('-') >> !(lit('-') | lit('>')) | lit('+') >> !lit('+') | lit('!') | lit('~')];

// Operators as rules with an explicit attribute: a bare raw[] inside a sequence has none.
using Range = boost::iterator_range<Iterator>;
auto const binary_operator_token = x3::rule<class binary_operator_rule, Range>{"binary operator"} =
    x3::raw[binary_operator];
auto const unary_operator_token = x3::rule<class unary_operator_rule, Range>{"unary operator"} =
    x3::raw[unary_operator];

x3::rule<class expression_rule> const expression = "expression";
x3::rule<class unary_rule> const unary = "unary";
x3::rule<class primary_rule> const primary = "primary";
x3::rule<class balanced_rule> const balanced = "balanced parentheses";

auto const cld_call = x3::raw[x3::lexeme[lit("cld") >> !lexical::identifier_char] >> '(' >>
                              expression >> ',' >> expression >> ')'][make_cld];
auto const dollar = x3::raw[x3::lexeme['$' >> lexical::identifier]][push_dollar];
auto const integer = x3::raw[x3::lexeme[lexical::integer_literal]][push_integer];
auto const boolean = x3::raw[x3::lexeme[lexical::boolean_literal]][push_boolean];
auto const parenthesised = x3::raw['(' >> expression >> ')'][widen_to_parentheses];
auto const size_query =
    x3::raw[x3::lexeme[(lit("sizeof") | lit("alignof")) >> !lexical::identifier_char] >> balanced]
           [push_size_query];
auto const name = x3::raw[x3::lexeme[lexical::identifier] >>
                          *(lit("::") >> x3::lexeme[lexical::identifier])][push_name];

auto const expression_def = (unary >> *(binary_operator_token >> unary))[fold_binary_operators];
auto const unary_def = (*unary_operator_token >> primary)[apply_unary_operators];
auto const primary_def = cld_call | dollar | integer | boolean | parenthesised | size_query | name;
auto const balanced_def = lit('(') >> *(balanced | (x3::char_ - x3::char_("()"))) >> lit(')');

BOOST_SPIRIT_DEFINE(expression, unary, primary, balanced)

}  // namespace evaluable
}  // namespace

std::shared_ptr<const ExprNode> evaluable_tree(Expr const& expr, Names names) {
  using namespace evaluable;
  if (names == Names::kConstants && expr.template_arguments) return nullptr;
  TreeBuilder tree(expr.text.data(), expr.span.begin, names);
  Iterator first = expr.text.data();
  Iterator const last = first + expr.text.size();
  bool const matched =
      x3::phrase_parse(first, last, x3::with<builder_tag>(tree)[expression], lexical::whitespace);
  if (auto const span = tree.too_deep())
    fail(*span, "expression nested too deeply: at most " + std::to_string(kMaxNesting) + " levels");
  if (!matched || first != last) return nullptr;
  return std::move(tree.stack().back().node);
}

namespace {

void collect_names(const ExprNode& node, std::vector<const ExprNode*>& out) {
  if (node.kind == ExprNode::Kind::Name) out.push_back(&node);
  for (const auto& operand : node.operands) collect_names(*operand, out);
}

}  // namespace

std::shared_ptr<const ExprNode> evaluable_part(Expr const& part) {
  try {
    return evaluable_tree(part);
  } catch (const Failure&) {
    return nullptr;
  }
}

std::variant<std::shared_ptr<const ExprNode>, ParseError> where_tree(Expr const& where) {
  if (where.tree) return where.tree;
  try {
    return evaluable_tree(where, Names::kConstants);
  } catch (const Failure& f) {
    return f.error;
  }
}

std::optional<unsigned> evaluable_stop(Expr const& expr) {
  using namespace evaluable;
  TreeBuilder tree(expr.text.data(), expr.span.begin, Names::kConstants);
  Iterator first = expr.text.data();
  Iterator const last = first + expr.text.size();
  try {
    x3::phrase_parse(first, last, x3::with<builder_tag>(tree)[expression], lexical::whitespace);
  } catch (const Failure&) {
    return std::nullopt;
  }
  if (tree.too_deep() || first == last) return std::nullopt;
  return static_cast<unsigned>(first - expr.text.data());
}

std::vector<const ExprNode*> names_in(const ExprNode& tree) {
  std::vector<const ExprNode*> out;
  collect_names(tree, out);
  return out;
}

}  // namespace tiletune::tool
