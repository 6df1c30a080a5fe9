// The parser of the annotation language (DESIGN.md, "The annotation language").
//
// The structure — items, keyword values, spaces, the kernel call — is recursive descent written
// out by hand with a check at each step, so that every error says what was expected at an exact
// offset. The lexical grammar (identifiers, comments, numbers) and the grammar of the expressions
// that can be evaluated at build time are Boost.Spirit X3. C++ expressions are not parsed: an
// expression is a balanced run of tokens, and it gets a tree only when all of it matches the
// evaluable grammar.
#include "annotation/annotation.h"

#include <boost/spirit/home/x3.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace tiletune::tool {
namespace {

namespace x3 = boost::spirit::x3;

using Iterator = const char*;

// The deepest nesting of brackets, and of evaluable expression trees, that the parser accepts: far
// beyond any real annotation, and shallow enough that nothing that recurses over the text or over
// a tree can run out of stack.
constexpr unsigned kMaxNesting = 256;

// A ParseError on its way out of the recursive descent.
struct Failure {
  ParseError error;
};

[[noreturn]] void fail(Span span, std::string message) {
  throw Failure{ParseError{std::move(message), span}};
}

namespace lexical {

using x3::char_;
using x3::lit;

auto const identifier_start = char_("a-zA-Z_");
auto const identifier_char = char_("a-zA-Z0-9_");
auto const identifier = identifier_start >> *identifier_char;

auto const whitespace = char_(" \t\n\r\f\v");
auto const line_comment = lit("//") >> *(char_ - '\n');
auto const block_comment = lit("/*") >> *(char_ - lit("*/")) >> lit("*/");

// A C++ preprocessing number: whatever the lexer takes as one token starting with a digit
// (`1.5e+3f`, `0x1p-2`, `1'024`), so that the `'` of a digit separator never opens a character
// literal.
auto const pp_number = (char_("0-9") | lit('.') >> &char_("0-9")) >>
                       *(char_("eEpP") >> char_("+-") | identifier_char | lit('.') |
                         lit('\'') >> identifier_char);

// A C++ integer literal: binary, octal, decimal or hexadecimal, with digit separators and the
// u/l suffixes. Followed by more of a number (`1.5`, `1e3`, `12ab`) it is not an integer.
auto const hex_digit = char_("0-9a-fA-F");
auto const long_suffix = lit("ll") | lit("LL") | char_("lL");
auto const unsigned_suffix = char_("uU");
auto const integer_literal = ((lit("0x") | lit("0X")) >> hex_digit >> *(-lit('\'') >> hex_digit) |
                              (lit("0b") | lit("0B")) >> char_("01") >>
                                  *(-lit('\'') >> char_("01")) |
                              char_("1-9") >> *(-lit('\'') >> char_("0-9")) |
                              lit('0') >> *(-lit('\'') >> char_("0-7"))) >>
                             -(unsigned_suffix >> -long_suffix | long_suffix >> -unsigned_suffix) >>
                             !(identifier_char | lit('\'') | lit('.'));

auto const boolean_literal = (lit("true") | lit("false")) >> !identifier_char;

}  // namespace lexical

// The length of the match of `parser` at the start of `text`, if it matches there.
template <typename Parser>
std::optional<std::size_t> match_length(std::string_view text, Parser const& parser) {
  Iterator first = text.data();
  if (!x3::parse(first, text.data() + text.size(), parser)) return std::nullopt;
  return static_cast<std::size_t>(first - text.data());
}

// The value of a literal that lexical::integer_literal matched; nullopt past 64 bits.
std::optional<std::uint64_t> integer_literal_value(std::string_view literal) {
  unsigned base = 10;
  std::size_t i = 0;
  if (literal.size() > 1 && literal[0] == '0') {
    char const prefix = static_cast<char>(literal[1] | 0x20);  // lower case
    if (prefix == 'x') {
      base = 16;
      i = 2;
    } else if (prefix == 'b') {
      base = 2;
      i = 2;
    } else {
      base = 8;
    }
  }
  std::uint64_t value = 0;
  for (; i < literal.size(); ++i) {
    char const c = literal[i];
    char const lower = static_cast<char>(c | 0x20);
    unsigned digit = 0;
    if (c == '\'') continue;
    if (c >= '0' && c <= '9') {
      digit = static_cast<unsigned>(c - '0');
    } else if (base == 16 && lower >= 'a' && lower <= 'f') {
      digit = static_cast<unsigned>(lower - 'a' + 10);
    } else {
      break;  // the suffix
    }
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / base) return std::nullopt;
    value = value * base + digit;
  }
  return value;
}

constexpr auto kInt64Max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

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

  TreeBuilder(Iterator origin, unsigned offset) : origin_(origin), offset_(offset) {}

  Span span(Iterator first, Iterator last) const {
    return {offset_ + static_cast<unsigned>(first - origin_),
            offset_ + static_cast<unsigned>(last - origin_)};
  }

  std::vector<Entry>& stack() { return stack_; }
  std::optional<Span> too_deep() const { return too_deep_; }

  void push_leaf(std::unique_ptr<ExprNode> node) { stack_.push_back({std::move(node), 1}); }

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
  auto node = std::make_unique<ExprNode>();
  node->kind = ExprNode::Kind::Literal;
  node->value = static_cast<std::int64_t>(*value);
  node->span = builder(context).span(literal.data(), literal.data() + literal.size());
  builder(context).push_leaf(std::move(node));
};

auto const push_boolean = [](auto& context) {
  auto const literal = view(x3::_attr(context));
  auto node = std::make_unique<ExprNode>();
  node->kind = ExprNode::Kind::Literal;
  node->value = literal == "true" ? 1 : 0;
  node->span = builder(context).span(literal.data(), literal.data() + literal.size());
  builder(context).push_leaf(std::move(node));
};

auto const push_dollar = [](auto& context) {
  auto const reference = view(x3::_attr(context));
  auto node = std::make_unique<ExprNode>();
  node->kind = ExprNode::Kind::Dollar;
  node->name = std::string(reference.substr(1));
  node->span = builder(context).span(reference.data(), reference.data() + reference.size());
  builder(context).push_leaf(std::move(node));
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

auto const cld_call = x3::raw[x3::lexeme[lit("cld") >> !lexical::identifier_char] >> '(' >>
                              expression >> ',' >> expression >> ')'][make_cld];
auto const dollar = x3::raw[x3::lexeme['$' >> lexical::identifier]][push_dollar];
auto const integer = x3::raw[x3::lexeme[lexical::integer_literal]][push_integer];
auto const boolean = x3::raw[x3::lexeme[lexical::boolean_literal]][push_boolean];
auto const parenthesised = x3::raw['(' >> expression >> ')'][widen_to_parentheses];

auto const expression_def = (unary >> *(binary_operator_token >> unary))[fold_binary_operators];
auto const unary_def = (*unary_operator_token >> primary)[apply_unary_operators];
auto const primary_def = cld_call | dollar | integer | boolean | parenthesised;

BOOST_SPIRIT_DEFINE(expression, unary, primary)

// The tree of `expr` when all of it is evaluable at build time, else null.
std::shared_ptr<const ExprNode> parse_tree(Expr const& expr) {
  TreeBuilder tree(expr.text.data(), expr.span.begin);
  Iterator first = expr.text.data();
  Iterator const last = first + expr.text.size();
  bool const matched =
      x3::phrase_parse(first, last, x3::with<builder_tag>(tree)[expression], lexical::whitespace);
  if (auto const span = tree.too_deep())
    fail(*span, "expression nested too deeply: at most " + std::to_string(kMaxNesting) + " levels");
  if (!matched || first != last) return nullptr;
  return std::move(tree.stack().back().node);
}

}  // namespace evaluable

// An open bracket: '(', '[', '{', or '<' around template arguments.
struct Bracket {
  char open;
  unsigned offset;
  unsigned depth = 1;  // the brackets open around it, itself included
};

char closing(char open) {
  switch (open) {
    case '(':
      return ')';
    case '[':
      return ']';
    case '{':
      return '}';
    default:
      return '>';
  }
}

char opening(char close) {
  switch (close) {
    case ')':
      return '(';
    case ']':
      return '[';
    default:
      return '{';
  }
}

[[noreturn]] void fail_unbalanced(Bracket bracket) {
  std::string message =
      std::string("unbalanced '") + bracket.open + "': no matching '" + closing(bracket.open) + "'";
  if (bracket.open == '<') message += " (in template arguments, put a comparison in parentheses)";
  fail({bracket.offset, bracket.offset + 1}, std::move(message));
}

bool is_empty(Expr const& expr) { return expr.span.begin == expr.span.end; }

bool is_known_keyword(std::string_view name) {
  static constexpr std::array<std::string_view, 13> kKeywords{
      "space",     "where",    "key",     "blocks",  "threads", "shmem",   "stream",
      "occupancy", "num_ctas", "restore", "outputs", "verify",  "flush_l2"};
  return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

bool is_raw_string_prefix(std::string_view name) {
  return name == "R" || name == "LR" || name == "uR" || name == "UR" || name == "u8R";
}

template <typename T>
void keep_first(std::optional<T>& field, T value) {
  if (!field) field = std::move(value);
}

std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }

class AnnotationParser {
 public:
  explicit AnnotationParser(std::string_view text) : text_(text) {}

  Annotation parse() {
    Annotation annotation;
    skip();
    annotation.span.begin = pos_;
    for (;;) {
      skip();
      if (at_end()) break;
      if (auto call = parse_item(annotation)) {
        annotation.span.end = call->span.end;
        annotation.call = std::move(*call);
        skip();
        if (at_end()) break;
        if (!at(','))
          fail(token_at(pos_), "expected the end of the annotation after the kernel call");
        unsigned const comma = pos_++;
        skip();
        if (at_end())
          fail({comma, comma + 1},
               "unexpected ',' after the kernel call: it must be the last item of the annotation");
        fail(token_at(pos_), "the kernel call must be the last item of the annotation");
      }
      annotation.span.end = annotation.keywords.back().value_span.end;
      skip();
      if (at_end()) break;
      if (!at(','))
        fail(token_at(pos_),
             "expected ',' after the value of " + quoted(annotation.keywords.back().name));
      ++pos_;
    }
    if (!annotation.call) {
      auto const end = size();
      fail({end, end},
           "missing kernel call: the last item of the annotation must be the kernel launch, e.g. "
           "`kernel<$tile>(a, b, n)`");
    }
    return annotation;
  }

 private:
  // One item at the cursor: a keyword, recorded in `annotation`, or the kernel call, returned.
  std::optional<KernelCall> parse_item(Annotation& annotation) {
    unsigned const begin = pos_;
    if (at("::")) return parse_call();
    auto const name = take(lexical::identifier);
    if (!name) fail(token_at(pos_), "expected a keyword (`name = value`) or the kernel call");
    Span const name_span{begin, pos_};
    skip();
    if (at('=') && !at("==")) {
      ++pos_;
      skip();
      parse_keyword_value(annotation, *name, name_span);
      return std::nullopt;
    }
    bool const call_like = at('(') || at('<') || at("::");
    if (!is_known_keyword(*name)) {
      if (!call_like) fail(token_at(pos_), "expected '=' or '(' after " + quoted(*name));
      pos_ = begin;
      return parse_call();
    }
    // A keyword without its '=', unless it is the name of the kernel launched by the last item.
    unsigned const after_name = pos_;
    if (call_like) {
      pos_ = begin;
      if (auto call = take_last_call()) return call;
    }
    fail(token_at(after_name), "expected '=' after keyword " + quoted(*name));
  }

  // The kernel call at the cursor if there is one and it ends the annotation.
  std::optional<KernelCall> take_last_call() {
    try {
      KernelCall call = parse_call();
      skip();
      if (at_end()) return call;
    } catch (Failure const&) {
      // Not a call: the caller reports what else it is not.
    }
    return std::nullopt;
  }

  // The value of `name = ...`, the cursor after the '='.
  void parse_keyword_value(Annotation& annotation, std::string_view name, Span name_span) {
    Span value_span;
    if (name == "space") {
      SpaceSpec space = parse_space();
      value_span = std::visit(
          [](auto const& spec) {
            if constexpr (std::is_same_v<std::decay_t<decltype(spec)>, OpaqueSpace>)
              return spec.expr.span;
            else
              return spec.span;
          },
          space);
      keep_first(annotation.space, std::move(space));
    } else if (name == "key") {
      auto [key, span] = parse_key(name);
      value_span = span;
      keep_first(annotation.key, std::move(key));
    } else if (name == "blocks" || name == "threads") {
      Dims dims = parse_dims(name);
      value_span = dims.span;
      keep_first(name == "blocks" ? annotation.blocks : annotation.threads, std::move(dims));
    } else if (name == "occupancy" || name == "num_ctas") {
      Value hint = parse_literal(name, "is a static hint: expected an integer literal");
      value_span = hint.span;
      keep_first(name == "occupancy" ? annotation.occupancy : annotation.num_ctas, hint);
    } else if (name == "restore" || name == "outputs") {
      auto [buffers, span] = parse_key(name);
      value_span = span;
      keep_first(name == "restore" ? annotation.restore : annotation.outputs, std::move(buffers));
    } else if (name == "flush_l2") {
      Value flag = parse_literal(name, "takes a literal: true or false", /*boolean=*/true);
      value_span = flag.span;
      keep_first(annotation.flush_l2, flag);
    } else {
      // where, shmem, stream, and unknown keywords, which the checks report.
      Expr expr = parse_expression(name);
      value_span = expr.span;
      if (name == "where") keep_first(annotation.where, std::move(expr));
      if (name == "shmem") keep_first(annotation.shmem, std::move(expr));
      if (name == "stream") keep_first(annotation.stream, std::move(expr));
      if (name == "verify") keep_first(annotation.verify, std::move(expr));
    }
    annotation.keywords.push_back({std::string(name), name_span, value_span});
  }

  // A Cartesian space or a fixed list once the value starts like one (`(name =` or `[(`): from
  // there on a mistake is reported, rather than taken for an opaque C++ expression, which could
  // hardly start that way.
  SpaceSpec parse_space() {
    if (at('(') && starts_cartesian_space()) return parse_cartesian_space();
    if (at('[') && starts_list_space()) return parse_list_space();
    return OpaqueSpace{parse_expression("space")};
  }

  bool starts_cartesian_space() {
    unsigned const saved = pos_;
    ++pos_;
    skip();
    bool starts = at(')');
    if (!starts && take(lexical::identifier)) {
      skip();
      starts = at('=') && !at("==");
    }
    pos_ = saved;
    return starts;
  }

  bool starts_list_space() {
    unsigned const saved = pos_;
    ++pos_;
    skip();
    bool const starts = at('(');
    pos_ = saved;
    return starts;
  }

  CartesianSpace parse_cartesian_space() {
    CartesianSpace space;
    unsigned const begin = pos_++;
    skip();
    if (!at(')')) {
      for (;;) {
        space.axes.push_back(parse_axis(/*one_value=*/false));
        skip();
        if (at(')')) break;
        if (!at(',')) fail(token_at(pos_), "expected ')' to close the axis list");
        ++pos_;
        skip();
      }
    }
    ++pos_;
    space.span = {begin, pos_};
    return space;
  }

  ListSpace parse_list_space() {
    ListSpace space;
    unsigned const begin = pos_++;
    for (;;) {
      skip();
      if (!at('(')) fail(token_at(pos_), "expected '(' to start a configuration of the list");
      ListEntry entry;
      unsigned const entry_begin = pos_++;
      skip();
      if (!at(')')) {
        for (;;) {
          entry.fields.push_back(parse_axis(/*one_value=*/true));
          skip();
          if (at(')')) break;
          if (!at(',')) fail(token_at(pos_), "expected ')' to close the configuration");
          ++pos_;
          skip();
        }
      }
      ++pos_;
      entry.span = {entry_begin, pos_};
      space.entries.push_back(std::move(entry));
      skip();
      if (at(']')) break;
      if (!at(',')) fail(token_at(pos_), "expected ']' to close the list of configurations");
      ++pos_;
    }
    ++pos_;
    space.span = {begin, pos_};
    return space;
  }

  // `name = v`, or with one_value false also `name = (v, ...)`.
  Axis parse_axis(bool one_value) {
    Axis axis;
    unsigned const begin = pos_;
    auto const name = take(lexical::identifier);
    if (!name) fail(token_at(pos_), "expected an axis name");
    axis.name = std::string(*name);
    axis.name_span = {begin, pos_};
    skip();
    if (!at('=') || at("==")) fail(token_at(pos_), "expected '=' after axis name " + quoted(*name));
    ++pos_;
    skip();
    if (!one_value && at('(')) {
      ++pos_;
      skip();
      if (!at(')')) {
        for (;;) {
          axis.values.push_back(parse_value());
          skip();
          if (at(')')) break;
          if (!at(','))
            fail(token_at(pos_), "expected ')' to close the values of axis " + quoted(*name));
          ++pos_;
          skip();
        }
      }
      ++pos_;
    } else {
      axis.values.push_back(parse_value());
    }
    axis.span = {begin, pos_};
    return axis;
  }

  // An integer literal, optionally negative, or true/false.
  Value parse_value() {
    unsigned const begin = pos_;
    bool const negative = at('-');
    if (negative) {
      ++pos_;
      skip();
    }
    unsigned const literal_begin = pos_;
    if (auto const literal = take(lexical::integer_literal)) {
      auto const magnitude = integer_literal_value(*literal);
      if (!magnitude || *magnitude > kInt64Max + (negative ? 1 : 0))
        fail({begin, pos_}, "integer literal too large for 64 bits");
      // Negated in unsigned arithmetic, which is defined for the magnitude 2^63.
      std::uint64_t const value = negative ? 0 - *magnitude : *magnitude;
      return {static_cast<std::int64_t>(value), {begin, pos_}};
    }
    if (!negative) {
      if (auto const literal = take(lexical::boolean_literal))
        return {*literal == "true" ? 1 : 0, {begin, pos_}};
    }
    if (auto const number = match_length(rest(), lexical::pp_number))
      fail({literal_begin, literal_begin + static_cast<unsigned>(*number)},
           "invalid integer literal");
    fail(token_at(pos_),
         negative ? "expected an integer after '-'" : "expected a value: an integer or true/false");
  }

  // A value that must be one literal and nothing else (a static hint, a flag); `requirement` ends
  // the message when it is something else.
  Value parse_literal(std::string_view name, std::string_view requirement, bool boolean = false) {
    unsigned const begin = pos_;
    if (at('-') || match_length(rest(), lexical::pp_number) ||
        (boolean && match_length(rest(), lexical::boolean_literal))) {
      Value const hint = parse_value();
      skip();
      if (at_end() || at(',')) return hint;
      pos_ = begin;
    }
    Expr const value = scan_expression(std::nullopt);
    if (is_empty(value)) fail(token_at(pos_), "expected a value for " + quoted(name));
    fail(value.span, quoted(name) + " " + std::string(requirement));
  }

  // The key's expressions and the span of all of them.
  std::pair<std::vector<Expr>, Span> parse_key(std::string_view name) {
    unsigned const begin = pos_;
    if (at('('))
      if (auto list = take_expression_list()) return {std::move(*list), {begin, pos_}};
    std::vector<Expr> key;
    key.push_back(parse_expression(name));
    Span const span = key.front().span;
    return {std::move(key), span};
  }

  Dims parse_dims(std::string_view name) {
    unsigned const begin = pos_;
    if (at('(')) {
      if (auto list = take_expression_list()) {
        if (list->empty()) fail({begin, pos_}, "expected an expression for " + quoted(name));
        if (list->size() > 3)
          fail((*list)[3].span,
               "too many dimensions for " + quoted(name) + ": at most 3 (x, y, z)");
        if (list->size() > 1) return Dims{std::move(*list), true, {begin, pos_}};
        pos_ = begin;  // `(e)` is a parenthesised expression, not a tuple
      }
    }
    Dims dims;
    dims.exprs.push_back(parse_expression(name));
    dims.span = dims.exprs.front().span;
    return dims;
  }

  // `(e, ...)` at the cursor when that list is the whole value (a ',' or the end follows it);
  // otherwise nullopt, the cursor back at the '(': the parentheses only start an expression.
  std::optional<std::vector<Expr>> take_expression_list() {
    Bracket const open{'(', pos_};
    ++pos_;
    skip();
    std::vector<Expr> elements;
    if (at(')')) {
      ++pos_;
    } else {
      for (;;) {
        Expr element = scan_expression(open);
        if (is_empty(element)) fail(token_at(pos_), "expected an expression");
        elements.push_back(std::move(element));
        bool const more = at(',');  // else at the ')': scan_expression stops at nothing else
        ++pos_;
        if (!more) break;
      }
    }
    unsigned const end = pos_;
    skip();
    bool const whole_value = at_end() || at(',');
    pos_ = whole_value ? end : open.offset;
    if (!whole_value) return std::nullopt;
    return elements;
  }

  // One expression up to the next top-level ','.
  Expr parse_expression(std::string_view keyword) {
    Expr expr = scan_expression(std::nullopt);
    if (is_empty(expr)) fail(token_at(pos_), "expected a value for " + quoted(keyword));
    return expr;
  }

  KernelCall parse_call() {
    KernelCall call;
    unsigned const begin = pos_;
    if (at("::")) {
      pos_ += 2;
      call.callee = "::";
      skip();
    }
    for (;;) {
      auto const name = take(lexical::identifier);
      if (!name) fail(token_at(pos_), "expected a name after '::'");
      call.callee += *name;
      call.callee_span = {begin, pos_};
      skip();
      if (!at("::")) break;
      pos_ += 2;
      call.callee += "::";
      skip();
    }
    if (at("<<<"))
      fail({pos_, pos_ + 3},
           "the kernel call takes no `<<<...>>>`: give the launch configuration with 'blocks' and "
           "'threads'");
    if (at('<')) {
      call.has_template_args = true;
      Bracket const open{'<', pos_};
      ++pos_;
      skip();
      if (at('>')) {
        ++pos_;
      } else {
        for (;;) {
          Expr argument = scan_expression(open);
          if (is_empty(argument)) fail(token_at(pos_), "expected a template argument");
          call.template_args.push_back(std::move(argument));
          bool const more = at(',');  // else at the '>'
          ++pos_;
          if (!more) break;
        }
      }
      skip();
    }
    if (!at('('))
      fail(token_at(pos_), std::string("expected '(' and the kernel's arguments after ") +
                               (call.has_template_args ? "the template arguments of " : "") +
                               quoted(call.callee));
    Bracket const open{'(', pos_};
    ++pos_;
    skip();
    if (at(')')) {
      ++pos_;
    } else {
      for (;;) {
        call.args.push_back(parse_argument(open));
        bool const more = at(',');  // else at the ')'
        ++pos_;
        if (!more) break;
      }
    }
    call.span = {begin, pos_};
    return call;
  }

  Argument parse_argument(Bracket call_parenthesis) {
    skip();
    unsigned const begin = pos_;
    if (take(lexical::identifier) == "Constant" && next_significant_char() == '(') {
      skip();
      Bracket const open{'(', pos_, call_parenthesis.depth + 1};
      ++pos_;
      Expr expr = scan_expression(open);
      if (is_empty(expr)) fail(token_at(pos_), "expected an expression in Constant(...)");
      ++pos_;
      unsigned const end = pos_;
      skip();
      if (at_end()) fail_unbalanced(call_parenthesis);
      if (!at(',') && !at(')'))
        fail(token_at(pos_), "expected ',' or ')' after Constant(...): it wraps a whole argument");
      return {std::move(expr), true, {begin, end}};
    }
    pos_ = begin;
    Expr expr = scan_expression(call_parenthesis);
    if (is_empty(expr)) fail(token_at(pos_), "expected an argument");
    Span const span = expr.span;
    return {std::move(expr), false, span};
  }

  // The expression from the cursor up to a ',' or the closing bracket of `container` at its top
  // level (not consumed), or up to the end of the text when there is no container. Tokens are only
  // balanced, not parsed: string and character literals and comments are skipped whole.
  Expr scan_expression(std::optional<Bracket> container) {
    Expr expr;
    std::vector<Bracket> open;  // brackets opened inside the expression
    std::vector<Span> comments;
    std::optional<unsigned> first;  // the offset of the first token
    unsigned last = pos_;           // the end of the last token
    bool after_identifier = false;  // a '<' after a name may open template arguments
    for (;;) {
      if (take(+lexical::whitespace)) continue;
      if (auto const comment = take_comment()) {
        comments.push_back(*comment);
        continue;
      }
      auto const innermost = open.empty() ? container : std::optional<Bracket>(open.back());
      if (at_end()) {
        if (innermost) fail_unbalanced(*innermost);
        break;
      }
      unsigned const begin = pos_;
      char const c = text_[pos_];
      if (open.empty() && (c == ',' || (container && c == closing(container->open)))) break;
      // Inside template arguments '<' and '>' are brackets, as in C++ (where a comparison must
      // be parenthesised); anywhere else they compare.
      bool const in_angles = innermost && innermost->open == '<';
      bool identifier = false;
      if (auto const name = take(lexical::identifier)) {
        identifier = true;
        if (is_raw_string_prefix(*name) && at('"')) {
          skip_raw_string(begin);
          identifier = false;
        } else if (*name == "cld" && next_significant_char() == '(') {
          expr.clds.push_back({begin, pos_});
        }
      } else if (take(lexical::pp_number)) {
        // Taken whole: the ' of a digit separator opens no character literal.
      } else if (c == '"' || c == '\'') {
        skip_quoted(c);
      } else if (c == '$') {
        expr.dollars.push_back(take_dollar());
      } else if (c == '(' || c == '[' || c == '{' ||
                 (c == '<' && in_angles && after_identifier && !at("<<") && !at("<="))) {
        auto const depth = (container ? container->depth : 0) + static_cast<unsigned>(open.size());
        if (depth >= kMaxNesting)
          fail({begin, begin + 1},
               "brackets nested too deeply: at most " + std::to_string(kMaxNesting) + " levels");
        open.push_back({c, begin, depth + 1});
        ++pos_;
      } else if (c == ')' || c == ']' || c == '}' || (c == '>' && in_angles)) {
        if (!innermost)
          fail({begin, begin + 1},
               std::string("unbalanced '") + c + "': no matching '" + opening(c) + "'");
        if (open.empty() || closing(open.back().open) != c) fail_unbalanced(*innermost);
        open.pop_back();
        ++pos_;
      } else if (at("->")) {
        pos_ += 2;
      } else {
        ++pos_;
      }
      after_identifier = identifier;
      if (!first) first = begin;
      last = pos_;
    }

    unsigned const begin = first.value_or(pos_);
    unsigned const end = first ? last : pos_;
    expr.span = {begin, end};
    expr.text = std::string(text_.substr(begin, end - begin));
    for (Span const comment : comments) {
      for (unsigned i = std::max(comment.begin, begin); i < std::min(comment.end, end); ++i) {
        char& ch = expr.text[i - begin];
        if (ch != '\n' && ch != '\r') ch = ' ';
      }
    }
    if (first) expr.tree = evaluable::parse_tree(expr);
    return expr;
  }

  DollarRef take_dollar() {
    unsigned const begin = pos_++;
    auto const name = take(lexical::identifier);
    if (!name) fail({begin, begin + 1}, "expected an axis name after '$'");
    return {std::string(*name), {begin, pos_}};
  }

  void skip_quoted(char quote) {
    unsigned const begin = pos_++;
    for (;;) {
      if (at_end() || text_[pos_] == '\n')
        fail({begin, begin + 1},
             quote == '"' ? "unterminated string literal" : "unterminated character literal");
      char const c = text_[pos_];
      if (c == quote) {
        ++pos_;
        return;
      }
      pos_ += c == '\\' && pos_ + 1 < size() ? 2 : 1;
    }
  }

  // R"delimiter( ... )delimiter", the cursor at its '"'; `begin` is where its prefix starts.
  void skip_raw_string(unsigned begin) {
    constexpr std::size_t kMaxDelimiter = 16;  // as in C++
    unsigned const delimiter_begin = ++pos_;
    while (!at_end() && !at('(') && pos_ - delimiter_begin <= kMaxDelimiter &&
           std::string_view(" )\\\t\v\f\n\r\"").find(text_[pos_]) == std::string_view::npos)
      ++pos_;
    if (!at('(') || pos_ - delimiter_begin > kMaxDelimiter)
      fail({begin, pos_}, "invalid raw string literal: expected '(' after its delimiter");
    std::string const terminator =
        ")" + std::string(text_.substr(delimiter_begin, pos_ - delimiter_begin)) + "\"";
    auto const end = text_.find(terminator, pos_ + 1);
    if (end == std::string_view::npos) fail({begin, pos_ + 1}, "unterminated raw string literal");
    pos_ = static_cast<unsigned>(end + terminator.size());
  }

  std::optional<Span> take_comment() {
    unsigned const begin = pos_;
    if (take(lexical::line_comment) || take(lexical::block_comment)) return Span{begin, pos_};
    if (at("/*")) fail({begin, begin + 2}, "unterminated comment: '/*' without '*/'");
    return std::nullopt;
  }

  // Skips whitespace and comments.
  void skip() {
    while (take(+lexical::whitespace) || take_comment()) {
    }
  }

  char next_significant_char() {
    unsigned const saved = pos_;
    skip();
    char const next = at_end() ? '\0' : text_[pos_];
    pos_ = saved;
    return next;
  }

  // The token at `offset`, to point an error at: a name, a number, or one character.
  Span token_at(unsigned offset) const {
    if (offset >= size()) return {size(), size()};
    std::string_view const from = text_.substr(offset);
    auto const length = match_length(from, lexical::identifier)
                            .value_or(match_length(from, lexical::pp_number).value_or(1));
    return {offset, offset + static_cast<unsigned>(length)};
  }

  template <typename Parser>
  std::optional<std::string_view> take(Parser const& parser) {
    auto const length = match_length(rest(), parser);
    if (!length) return std::nullopt;
    std::string_view const matched = text_.substr(pos_, *length);
    pos_ += static_cast<unsigned>(*length);
    return matched;
  }

  std::string_view rest() const { return text_.substr(pos_); }
  unsigned size() const { return static_cast<unsigned>(text_.size()); }
  bool at_end() const { return pos_ >= text_.size(); }
  bool at(char c) const { return !at_end() && text_[pos_] == c; }
  bool at(std::string_view s) const { return rest().starts_with(s); }

  std::string_view text_;
  unsigned pos_ = 0;
};

}  // namespace

std::variant<Annotation, ParseError> parse_annotation(std::string_view text) {
  // Offsets are 32 bits; an annotation is a few lines.
  if (text.size() >= std::numeric_limits<unsigned>::max())
    return ParseError{"annotation too long", {0, 0}};
  try {
    return AnnotationParser(text).parse();
  } catch (Failure& failure) {
    return std::move(failure.error);
  }
}

}  // namespace tiletune::tool
