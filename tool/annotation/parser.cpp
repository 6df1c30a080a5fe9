// The structure of the annotation — items, keyword values, spaces, the kernel call — is recursive
// descent written out by hand with a check at each step, so that every error says what was expected
// at an exact offset. The lexical grammar and the grammar of the expressions that can be evaluated
// at build time are Boost.Spirit X3 (lexical_grammar.h, evaluable_grammar.h); other C++
// expressions are balanced runs of tokens (expression_scanner.h).
#include "annotation/parser.h"

#include "annotation/cursor.h"
#include "annotation/expression_scanner.h"
#include "annotation/keywords.h"
#include "annotation/lexical_grammar.h"
#include "annotation/parse_failure.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace tiletune::tool {
namespace {

// Keeps `value` in keyword `k`'s field, unless an earlier use did (the checks report the repeat).
template <typename T>
void keep_first(Annotation& a, const Keyword& k, T value) {
  std::optional<T>& field = a.*std::get<std::optional<T> Annotation::*>(k.field);
  if (!field) field = std::move(value);
}

Span span_of(SpaceSpec const& space) {
  return std::visit(
      [](auto const& spec) {
        if constexpr (std::is_same_v<std::decay_t<decltype(spec)>, OpaqueSpace>)
          return spec.expr.span;
        else
          return spec.span;
      },
      space);
}

class AnnotationParser : Cursor {
 public:
  AnnotationParser(std::string_view annotation, const TemplateNames& template_names)
      : Cursor{annotation, 0, template_names ? &template_names : nullptr} {}

  Annotation parse() {
    Annotation annotation;
    skip();
    annotation.span.begin = pos;
    for (;;) {
      skip();
      if (at_end()) break;
      if (auto call = parse_item(annotation)) {
        annotation.span.end = call->span.end;
        annotation.call = std::move(*call);
        refuse_items_after_call();
        break;
      }
      annotation.span.end = annotation.keywords.back().value_span.end;
      skip();
      if (at_end()) break;
      if (!at(','))
        fail(token_at(pos),
             "expected ',' after the value of " + quoted(annotation.keywords.back().name));
      ++pos;
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
  void refuse_items_after_call() {
    skip();
    if (at_end()) return;
    if (!at(',')) fail(token_at(pos), "expected the end of the annotation after the kernel call");
    unsigned const comma = pos++;
    skip();
    if (at_end())
      fail({comma, comma + 1},
           "unexpected ',' after the kernel call: it must be the last item of the annotation");
    fail(token_at(pos), "the kernel call must be the last item of the annotation");
  }

  // One item at the cursor: a keyword, recorded in `annotation`, or the kernel call, returned.
  std::optional<KernelCall> parse_item(Annotation& annotation) {
    unsigned const begin = pos;
    if (at("::")) return parse_call();
    auto const name = take(lexical::identifier);
    if (!name) fail(token_at(pos), "expected a keyword (`name = value`) or the kernel call");
    Span const name_span{begin, pos};
    skip();
    if (at('=') && !at("==")) {
      ++pos;
      skip();
      parse_keyword_value(annotation, *name, name_span);
      return std::nullopt;
    }
    bool const call_like = at('(') || at('<') || at("::");
    if (!keyword_named(*name)) {
      if (!call_like) fail(token_at(pos), "expected '=' or '(' after " + quoted(*name));
      pos = begin;
      return parse_call();
    }
    // A keyword without its '=', unless it is the name of the kernel launched by the last item.
    unsigned const after_name = pos;
    if (call_like) {
      pos = begin;
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

  // The value of `name = ...`, the cursor after the '='. An unknown keyword's value is kept as an
  // expression: the checks report the name.
  void parse_keyword_value(Annotation& annotation, std::string_view name, Span name_span) {
    const Keyword* keyword = keyword_named(name);
    Span const value_span =
        keyword ? parse_value(annotation, *keyword) : parse_expression(name).span;
    annotation.keywords.push_back({std::string(name), name_span, value_span});
  }

  // The value of keyword `k`, as its kind is written, kept in its field; returns its span.
  Span parse_value(Annotation& a, const Keyword& k) {
    switch (k.value) {
      case ValueKind::space: {
        SpaceSpec space = parse_space();
        Span const span = span_of(space);
        keep_first(a, k, std::move(space));
        return span;
      }
      case ValueKind::dimensions: {
        Dims dims = parse_dims(k.name);
        Span const span = dims.span;
        keep_first(a, k, std::move(dims));
        return span;
      }
      case ValueKind::expression_list: {
        auto [list, span] = parse_list(k.name);
        keep_first(a, k, std::move(list));
        return span;
      }
      case ValueKind::expression:
        break;
      case ValueKind::static_hint: {
        Value const hint = parse_literal(k.name, "is a static hint: expected an integer literal");
        keep_first(a, k, hint);
        return hint.span;
      }
      case ValueKind::flag: {
        Value const flag = parse_literal(k.name, "takes a literal: true or false", true);
        keep_first(a, k, flag);
        return flag.span;
      }
    }
    Expr expr = parse_expression(k.name);
    Span const span = expr.span;
    keep_first(a, k, std::move(expr));
    return span;
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
    unsigned const saved = pos;
    ++pos;
    skip();
    bool starts = at(')');
    if (!starts && take(lexical::identifier)) {
      skip();
      starts = at('=') && !at("==");
    }
    pos = saved;
    return starts;
  }

  bool starts_list_space() {
    unsigned const saved = pos;
    ++pos;
    skip();
    bool const starts = at('(');
    pos = saved;
    return starts;
  }

  // `(item, ...)` of literal parts (axes, values), the cursor at the '('; a missing ')' is
  // reported as not closing `what`.
  template <typename Item>
  void parse_items(std::string_view what, Item&& item) {
    ++pos;
    skip();
    if (!at(')')) {
      for (;;) {
        item();
        skip();
        if (at(')')) break;
        if (!at(',')) fail(token_at(pos), "expected ')' to close " + std::string(what));
        ++pos;
        skip();
      }
    }
    ++pos;
  }

  CartesianSpace parse_cartesian_space() {
    CartesianSpace space;
    unsigned const begin = pos;
    parse_items("the axis list", [&] { space.axes.push_back(parse_axis(/*one_value=*/false)); });
    space.span = {begin, pos};
    return space;
  }

  ListSpace parse_list_space() {
    ListSpace space;
    unsigned const begin = pos++;
    for (;;) {
      skip();
      if (!at('(')) fail(token_at(pos), "expected '(' to start a configuration of the list");
      ListEntry entry;
      unsigned const entry_begin = pos;
      parse_items("the configuration",
                  [&] { entry.fields.push_back(parse_axis(/*one_value=*/true)); });
      entry.span = {entry_begin, pos};
      space.entries.push_back(std::move(entry));
      skip();
      if (at(']')) break;
      if (!at(',')) fail(token_at(pos), "expected ']' to close the list of configurations");
      ++pos;
    }
    ++pos;
    space.span = {begin, pos};
    return space;
  }

  // `name = v`, or with one_value false also `name = (v, ...)`.
  Axis parse_axis(bool one_value) {
    Axis axis;
    unsigned const begin = pos;
    auto const name = take(lexical::identifier);
    if (!name) fail(token_at(pos), "expected an axis name");
    axis.name = std::string(*name);
    axis.name_span = {begin, pos};
    skip();
    if (!at('=') || at("==")) fail(token_at(pos), "expected '=' after axis name " + quoted(*name));
    ++pos;
    skip();
    if (!one_value && at('('))
      parse_items("the values of axis " + quoted(*name),
                  [&] { axis.values.push_back(parse_value()); });
    else
      axis.values.push_back(parse_value());
    axis.span = {begin, pos};
    return axis;
  }

  // An integer literal, optionally negative, or true/false.
  Value parse_value() {
    unsigned const begin = pos;
    bool const negative = at('-');
    if (negative) {
      ++pos;
      skip();
    }
    unsigned const literal_begin = pos;
    if (auto const literal = take(lexical::integer_literal)) {
      auto const magnitude = integer_literal_value(*literal);
      if (!magnitude || *magnitude > kInt64Max + (negative ? 1 : 0))
        fail({begin, pos}, "integer literal too large for 64 bits");
      // Negated in unsigned arithmetic, which is defined for the magnitude 2^63.
      std::uint64_t const value = negative ? 0 - *magnitude : *magnitude;
      return {static_cast<std::int64_t>(value), {begin, pos}};
    }
    if (!negative) {
      if (auto const literal = take(lexical::boolean_literal))
        return {*literal == "true" ? 1 : 0, {begin, pos}};
    }
    if (auto const number = match_length(rest(), lexical::pp_number))
      fail({literal_begin, literal_begin + static_cast<unsigned>(*number)},
           "invalid integer literal");
    fail(token_at(pos),
         negative ? "expected an integer after '-'" : "expected a value: an integer or true/false");
  }

  // A value that must be one literal and nothing else (a static hint, a flag); `requirement` ends
  // the message when it is something else.
  Value parse_literal(std::string_view name, std::string_view requirement, bool boolean = false) {
    unsigned const begin = pos;
    if (at('-') || match_length(rest(), lexical::pp_number) ||
        (boolean && match_length(rest(), lexical::boolean_literal))) {
      Value const hint = parse_value();
      skip();
      if (at_end() || at(',')) return hint;
      pos = begin;
    }
    Expr const value = scan_expression(*this, std::nullopt);
    if (is_empty(value)) fail(token_at(pos), "expected a value for " + quoted(name));
    fail(value.span, quoted(name) + " " + std::string(requirement));
  }

  // An expression list's expressions (one, or `(e, ...)`) and the span of all of them.
  std::pair<std::vector<Expr>, Span> parse_list(std::string_view name) {
    unsigned const begin = pos;
    if (at('('))
      if (auto list = take_expression_list()) return {std::move(*list), {begin, pos}};
    std::vector<Expr> key;
    key.push_back(parse_expression(name));
    Span const span = key.front().span;
    return {std::move(key), span};
  }

  Dims parse_dims(std::string_view name) {
    unsigned const begin = pos;
    if (at('(')) {
      if (auto list = take_expression_list()) {
        if (list->empty()) fail({begin, pos}, "expected an expression for " + quoted(name));
        if (list->size() > 3)
          fail((*list)[3].span,
               "too many dimensions for " + quoted(name) + ": at most 3 (x, y, z)");
        if (list->size() > 1) return Dims{std::move(*list), true, {begin, pos}};
        pos = begin;  // `(e)` is a parenthesised expression, not a tuple
      }
    }
    Dims dims;
    dims.exprs.push_back(parse_expression(name));
    dims.span = dims.exprs.front().span;
    return dims;
  }

  // The elements of a list in brackets that hold C++ expressions, the cursor at its opening
  // bracket and, at the end, after the closing one. `element(open)` takes one element, which the
  // scanner ends at a ',' or at the closing bracket.
  template <typename Element>
  void parse_bracketed(char close, Element&& element) {
    Bracket const open{text[pos], pos};
    ++pos;
    skip();
    if (at(close)) {
      ++pos;
      return;
    }
    for (;;) {
      element(open);
      bool const more = at(',');  // else at the closing bracket: the scanner stops at nothing else
      ++pos;
      if (!more) return;
    }
  }

  // `(e, ...)` at the cursor when that list is the whole value (a ',' or the end follows it);
  // otherwise nullopt, the cursor back at the '(': the parentheses only start an expression.
  std::optional<std::vector<Expr>> take_expression_list() {
    unsigned const begin = pos;
    std::vector<Expr> elements;
    parse_bracketed(')', [&](Bracket open) {
      Expr element = scan_expression(*this, open);
      if (is_empty(element)) fail(token_at(pos), "expected an expression");
      elements.push_back(std::move(element));
    });
    unsigned const end = pos;
    skip();
    bool const whole_value = at_end() || at(',');
    pos = whole_value ? end : begin;
    if (!whole_value) return std::nullopt;
    return elements;
  }

  // One expression up to the next top-level ','.
  Expr parse_expression(std::string_view keyword) {
    Expr expr = scan_expression(*this, std::nullopt);
    if (is_empty(expr)) fail(token_at(pos), "expected a value for " + quoted(keyword));
    return expr;
  }

  KernelCall parse_call() {
    KernelCall call;
    unsigned const begin = pos;
    parse_callee(call);
    refuse_chevrons(call);
    if (at('<')) {
      call.has_template_args = true;
      parse_bracketed('>', [&](Bracket open) {
        Expr argument = scan_expression(*this, open);
        if (is_empty(argument)) fail(token_at(pos), "expected a template argument");
        call.template_args.push_back(std::move(argument));
      });
      skip();
      refuse_chevrons(call);
    }
    if (!at('('))
      fail(token_at(pos), std::string("expected '(' and the kernel's arguments after ") +
                              (call.has_template_args ? "the template arguments of " : "") +
                              quoted(call.callee));
    parse_bracketed(')', [&](Bracket open) { call.args.push_back(parse_argument(open)); });
    call.span = {begin, pos};
    return call;
  }

  // A launch written as CUDA writes it, `kernel<<<grid, block>>>(args)`: the annotation takes the
  // geometry as keywords, each of which may use `$` values.
  void refuse_chevrons(const KernelCall& call) {
    if (!at("<<<")) return;
    fail({pos, pos + 3},
         "the kernel call takes no `<<<...>>>`: the launch geometry goes in the keywords "
         "blocks = ..., threads = ..., shmem = ... and stream = ..., and the call is written " +
             quoted(call.callee + (call.has_template_args ? "<...>" : "") + "(arguments)"));
  }

  // The kernel's name, possibly qualified: `::ns::kernel`.
  void parse_callee(KernelCall& call) {
    unsigned const begin = pos;
    if (at("::")) {
      pos += 2;
      call.callee = "::";
      skip();
    }
    for (;;) {
      auto const name = take(lexical::identifier);
      if (!name) fail(token_at(pos), "expected a name after '::'");
      call.callee += *name;
      call.callee_span = {begin, pos};
      skip();
      if (!at("::")) break;
      pos += 2;
      call.callee += "::";
      skip();
    }
  }

  Argument parse_argument(Bracket call_parenthesis) {
    skip();
    unsigned const begin = pos;
    if (take(lexical::identifier) == "Constant" && next_significant_char() == '(') {
      skip();
      Bracket const open{'(', pos, call_parenthesis.depth + 1};
      ++pos;
      Expr expr = scan_expression(*this, open);
      if (is_empty(expr)) fail(token_at(pos), "expected an expression in Constant(...)");
      ++pos;
      unsigned const end = pos;
      skip();
      if (at_end()) fail_unbalanced(call_parenthesis);
      if (!at(',') && !at(')'))
        fail(token_at(pos), "expected ',' or ')' after Constant(...): it wraps a whole argument");
      return {std::move(expr), true, {begin, end}};
    }
    pos = begin;
    Expr expr = scan_expression(*this, call_parenthesis);
    if (is_empty(expr)) fail(token_at(pos), "expected an argument");
    Span const span = expr.span;
    return {std::move(expr), false, span};
  }
};

}  // namespace

std::variant<Annotation, ParseError> parse_annotation(std::string_view text,
                                                      const TemplateNames& template_names) {
  // Offsets are 32 bits; an annotation is a few lines.
  if (text.size() >= std::numeric_limits<unsigned>::max())
    return ParseError{"annotation too long", {0, 0}};
  try {
    return AnnotationParser(text, template_names).parse();
  } catch (Failure& failure) {
    // Outside an expression the grammar stops at a directive's '#' with what it expected there;
    // the directive is what the user must hear of.
    if (Cursor{text}.directive_at(failure.error.span.begin))
      return directive_error(text, failure.error.span.begin);
    return std::move(failure.error);
  }
}

}  // namespace tiletune::tool
