// libFuzzer target for the annotation parser. The property: any text either parses, with every
// node's span inside the text, or is rejected with an error whose position is inside the text and
// whose message is not empty; and evaluating any evaluable tree never misbehaves. A crash, a hang
// (libFuzzer's -timeout) or a sanitizer report is a failure; so is a broken property, which aborts.
#include "annotation/evaluate.h"
#include "annotation/parser.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace {

using namespace tiletune::tool;

[[noreturn]] void broken(const char* what, Span span, std::size_t size) {
  std::fprintf(stderr, "annotation_fuzzer: %s: span [%u, %u) in a text of %zu bytes\n", what,
               span.begin, span.end, size);
  std::abort();
}

void check_span(Span span, std::size_t size, const char* what) {
  if (span.begin > span.end || span.end > size) broken(what, span, size);
}

void check_tree(const ExprNode& node, Span within, std::size_t size) {
  check_span(node.span, size, "expression node");
  if (node.span.begin < within.begin || node.span.end > within.end)
    broken("expression node outside its expression", node.span, size);
  for (const auto& operand : node.operands) check_tree(*operand, within, size);
}

// Evaluates `node` for a few configurations of every `$` name it uses: every value is a name's
// index-dependent mix of small, large and negative numbers, to reach overflow and division paths.
void evaluate_for_several_configurations(const ExprNode& node, const Expr& expr) {
  std::vector<std::string> axes;
  for (const DollarRef& d : expr.dollars) axes.push_back(d.name);
  static constexpr long long kValues[] = {0, 1, -1, 7, 64, -3, 1ll << 40, -(1ll << 62)};
  for (std::size_t round = 0; round < 4; ++round) {
    std::vector<long long> values;
    for (std::size_t i = 0; i < axes.size(); ++i)
      values.push_back(kValues[(i * 3 + round) % (sizeof kValues / sizeof kValues[0])]);
    (void)evaluate(node, axes, values);
  }
}

void check_expr(const Expr& expr, std::size_t size) {
  check_span(expr.span, size, "expression");
  if (expr.text.size() != expr.span.end - expr.span.begin)
    broken("expression text differs in length from its span", expr.span, size);
  for (const DollarRef& d : expr.dollars) {
    check_span(d.span, size, "$name");
    if (d.name.empty()) broken("$name without a name", d.span, size);
  }
  for (Span c : expr.clds) check_span(c, size, "cld");
  if (expr.tree) {
    check_tree(*expr.tree, expr.span, size);
    evaluate_for_several_configurations(*expr.tree, expr);
  }
}

void check_annotation(const Annotation& a, std::size_t size) {
  check_span(a.span, size, "annotation");
  for (const KeywordUse& k : a.keywords) {
    check_span(k.name_span, size, "keyword name");
    check_span(k.value_span, size, "keyword value");
  }
  auto exprs = [&](const std::optional<std::vector<Expr>>& list) {
    if (list)
      for (const Expr& e : *list) check_expr(e, size);
  };
  auto dims = [&](const std::optional<Dims>& d) {
    if (!d) return;
    check_span(d->span, size, "dims");
    if (d->exprs.empty() || d->exprs.size() > 3) broken("dims with no or too many", d->span, size);
    for (const Expr& e : d->exprs) check_expr(e, size);
  };
  auto value = [&](const std::optional<Value>& v) {
    if (v) check_span(v->span, size, "literal");
  };
  auto axes = [&](const std::vector<Axis>& list) {
    for (const Axis& axis : list) {
      check_span(axis.span, size, "axis");
      check_span(axis.name_span, size, "axis name");
      for (const Value& v : axis.values) check_span(v.span, size, "axis value");
    }
  };
  if (a.space) {
    if (const auto* cartesian = std::get_if<CartesianSpace>(&*a.space)) {
      check_span(cartesian->span, size, "space");
      axes(cartesian->axes);
    } else if (const auto* list = std::get_if<ListSpace>(&*a.space)) {
      check_span(list->span, size, "list space");
      for (const ListEntry& entry : list->entries) {
        check_span(entry.span, size, "list entry");
        axes(entry.fields);
        for (const Axis& field : entry.fields)
          if (field.values.size() != 1) broken("list field without one value", field.span, size);
      }
    } else {
      check_expr(std::get<OpaqueSpace>(*a.space).expr, size);
    }
  }
  if (a.where) check_expr(*a.where, size);
  exprs(a.key);
  dims(a.blocks);
  dims(a.threads);
  if (a.shmem) check_expr(*a.shmem, size);
  if (a.stream) check_expr(*a.stream, size);
  value(a.occupancy);
  value(a.num_ctas);
  exprs(a.restore);
  exprs(a.outputs);
  if (a.verify) check_expr(*a.verify, size);
  value(a.flush_l2);
  if (!a.call) broken("accepted without a kernel call", a.span, size);
  const KernelCall& call = *a.call;
  check_span(call.span, size, "call");
  check_span(call.callee_span, size, "callee");
  if (call.callee.empty()) broken("call without a callee", call.span, size);
  for (const Expr& e : call.template_args) check_expr(e, size);
  for (const Argument& arg : call.args) {
    check_span(arg.span, size, "argument");
    check_expr(arg.expr, size);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view const text(reinterpret_cast<const char*>(data), size);
  auto result = parse_annotation(text);
  if (const auto* error = std::get_if<ParseError>(&result)) {
    check_span(error->span, size, "rejection position");
    if (error->message.empty()) broken("rejection without a message", error->span, size);
  } else {
    check_annotation(std::get<Annotation>(result), size);
  }
  return 0;
}
