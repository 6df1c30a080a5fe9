#include "annotation/parser.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <variant>

namespace tiletune::tool {
namespace {

// The offset of the `occurrence`-th (from 0) `needle` in `text`.
unsigned offset_of(std::string_view text, std::string_view needle, int occurrence = 0) {
  std::size_t offset = text.find(needle);
  for (int i = 0; i < occurrence && offset != std::string_view::npos; ++i)
    offset = text.find(needle, offset + 1);
  EXPECT_NE(offset, std::string_view::npos) << "'" << needle << "' not in the test's text";
  return static_cast<unsigned>(offset);
}

Annotation parse_ok(std::string_view text) {
  auto result = parse_annotation(text);
  if (auto const* error = std::get_if<ParseError>(&result)) {
    ADD_FAILURE() << "unexpected error at " << error->span.begin << ": " << error->message;
    return {};
  }
  return std::move(std::get<Annotation>(result));
}

ParseError parse_error(std::string_view text) {
  auto result = parse_annotation(text);
  if (!std::holds_alternative<ParseError>(result)) {
    ADD_FAILURE() << "expected a parse error for: " << text;
    return {"", {~0u, ~0u}};
  }
  return std::get<ParseError>(result);
}

std::string_view slice(std::string_view text, Span span) {
  return text.substr(span.begin, span.end - span.begin);
}

constexpr std::string_view kDesignExample =
    "space = (tile = (64, 128, 256), occupancy = (1, 2, 4)),\n"
    "         blocks = cld(n, $tile), threads = $tile, stream = s,\n"
    "         vadd<$tile>(a, b, c, n)";

TEST(AnnotationParser, DesignExampleSpace) {
  Annotation const a = parse_ok(kDesignExample);
  ASSERT_TRUE(a.space);
  auto const* space = std::get_if<CartesianSpace>(&*a.space);
  ASSERT_NE(space, nullptr);
  ASSERT_EQ(space->axes.size(), 2u);
  EXPECT_EQ(space->axes[0].name, "tile");
  EXPECT_EQ(space->axes[0].name_span.begin, offset_of(kDesignExample, "tile"));
  ASSERT_EQ(space->axes[0].values.size(), 3u);
  EXPECT_EQ(space->axes[0].values[2].value, 256);
  EXPECT_EQ(slice(kDesignExample, space->axes[0].values[2].span), "256");
  EXPECT_EQ(slice(kDesignExample, space->axes[0].span), "tile = (64, 128, 256)");
  EXPECT_EQ(space->axes[1].name, "occupancy");
  ASSERT_EQ(space->axes[1].values.size(), 3u);
  EXPECT_EQ(space->axes[1].values[0].value, 1);
  EXPECT_EQ(space->axes[1].values[2].value, 4);
  EXPECT_EQ(slice(kDesignExample, space->span), "(tile = (64, 128, 256), occupancy = (1, 2, 4))");
}

TEST(AnnotationParser, DesignExampleKeywordsAndExpressions) {
  Annotation const a = parse_ok(kDesignExample);
  ASSERT_EQ(a.keywords.size(), 4u);
  EXPECT_EQ(a.keywords[0].name, "space");
  EXPECT_EQ(a.keywords[1].name, "blocks");
  EXPECT_EQ(a.keywords[2].name, "threads");
  EXPECT_EQ(a.keywords[3].name, "stream");
  EXPECT_EQ(a.keywords[1].name_span.begin, offset_of(kDesignExample, "blocks"));
  EXPECT_EQ(slice(kDesignExample, a.keywords[1].value_span), "cld(n, $tile)");

  ASSERT_TRUE(a.blocks);
  EXPECT_FALSE(a.blocks->tuple);
  ASSERT_EQ(a.blocks->exprs.size(), 1u);
  Expr const& blocks = a.blocks->exprs[0];
  EXPECT_EQ(blocks.text, "cld(n, $tile)");
  EXPECT_EQ(blocks.span.begin, offset_of(kDesignExample, "cld"));
  ASSERT_EQ(blocks.clds.size(), 1u);
  EXPECT_EQ(blocks.clds[0].begin, offset_of(kDesignExample, "cld"));
  EXPECT_EQ(blocks.clds[0].end, offset_of(kDesignExample, "cld") + 3);
  ASSERT_EQ(blocks.dollars.size(), 1u);
  EXPECT_EQ(blocks.dollars[0].name, "tile");
  EXPECT_EQ(blocks.dollars[0].span.begin, offset_of(kDesignExample, "$tile"));
  EXPECT_EQ(blocks.dollars[0].span.end, offset_of(kDesignExample, "$tile") + 5);
  EXPECT_EQ(blocks.tree, nullptr);  // `n` is a C++ variable

  ASSERT_TRUE(a.threads);
  Expr const& threads = a.threads->exprs.at(0);
  EXPECT_EQ(threads.dollars.at(0).span.begin, offset_of(kDesignExample, "$tile", 1));
  ASSERT_NE(threads.tree, nullptr);
  EXPECT_EQ(threads.tree->kind, ExprNode::Kind::Dollar);
  EXPECT_EQ(threads.tree->name, "tile");
  EXPECT_EQ(threads.tree->span.begin, offset_of(kDesignExample, "$tile", 1));

  ASSERT_TRUE(a.stream);
  EXPECT_EQ(a.stream->text, "s");
  EXPECT_EQ(a.stream->tree, nullptr);
  EXPECT_FALSE(a.where);
  EXPECT_FALSE(a.key);
  EXPECT_FALSE(a.occupancy);
}

TEST(AnnotationParser, DesignExampleCall) {
  Annotation const a = parse_ok(kDesignExample);
  ASSERT_TRUE(a.call);
  KernelCall const& call = *a.call;
  EXPECT_EQ(call.callee, "vadd");
  EXPECT_EQ(call.callee_span.begin, offset_of(kDesignExample, "vadd"));
  EXPECT_EQ(call.callee_span.end, offset_of(kDesignExample, "vadd") + 4);
  EXPECT_TRUE(call.has_template_args);
  ASSERT_EQ(call.template_args.size(), 1u);
  EXPECT_EQ(call.template_args[0].text, "$tile");
  ASSERT_EQ(call.template_args[0].dollars.size(), 1u);
  EXPECT_EQ(call.template_args[0].dollars[0].span.begin, offset_of(kDesignExample, "$tile", 2));
  ASSERT_EQ(call.args.size(), 4u);
  EXPECT_EQ(call.args[0].expr.text, "a");
  EXPECT_EQ(call.args[3].expr.text, "n");
  EXPECT_EQ(call.args[3].span.begin, offset_of(kDesignExample, "n)"));
  EXPECT_FALSE(call.args[1].constant);
  EXPECT_EQ(slice(kDesignExample, call.span), "vadd<$tile>(a, b, c, n)");
  EXPECT_EQ(a.span.begin, 0u);
  EXPECT_EQ(a.span.end, kDesignExample.size());
}

TEST(AnnotationParser, MultiLineWithComments) {
  constexpr std::string_view text =
      "  // leading comment\n"
      "  space = (tile /* the tile */ = (64, // small\n"
      "                                128)),\n"
      "  blocks = cld(n /* elements\n are */, $tile), // trailing\n"
      "  vadd<$tile>(a, /* b */ b)  \n";
  Annotation const a = parse_ok(text);
  auto const& space = std::get<CartesianSpace>(a.space.value());
  ASSERT_EQ(space.axes.size(), 1u);
  ASSERT_EQ(space.axes[0].values.size(), 2u);
  EXPECT_EQ(space.axes[0].values[1].value, 128);
  EXPECT_EQ(space.axes[0].values[1].span.begin, offset_of(text, "128"));

  Expr const& blocks = a.blocks.value().exprs.at(0);
  EXPECT_EQ(blocks.text, "cld(n " + std::string(11, ' ') + "\n" + std::string(7, ' ') + ", $tile)");
  EXPECT_EQ(blocks.span.begin, offset_of(text, "cld"));
  EXPECT_EQ(blocks.span.end, offset_of(text, "$tile)") + 6);
  EXPECT_EQ(blocks.dollars.at(0).span.begin, offset_of(text, "$tile"));
  EXPECT_EQ(blocks.dollars.at(0).span.begin - blocks.span.begin, blocks.text.find("$tile"));

  ASSERT_TRUE(a.call);
  ASSERT_EQ(a.call->args.size(), 2u);
  EXPECT_EQ(a.call->args[1].expr.text, "b");
  EXPECT_EQ(a.call->args[1].span.begin, offset_of(text, "b)"));
  EXPECT_EQ(a.span.begin, offset_of(text, "space"));
  EXPECT_EQ(a.span.end, offset_of(text, "b)") + 2);
}

TEST(AnnotationParser, FixedListSpace) {
  constexpr std::string_view text =
      "space = [(tile = 64, occupancy = 1), (tile = 128, occupancy = 2)], k(a)";
  Annotation const a = parse_ok(text);
  auto const* list = std::get_if<ListSpace>(&a.space.value());
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(list->entries.size(), 2u);
  ASSERT_EQ(list->entries[1].fields.size(), 2u);
  EXPECT_EQ(list->entries[1].fields[0].name, "tile");
  ASSERT_EQ(list->entries[1].fields[0].values.size(), 1u);
  EXPECT_EQ(list->entries[1].fields[0].values[0].value, 128);
  EXPECT_EQ(list->entries[1].fields[1].name, "occupancy");
  EXPECT_EQ(list->entries[1].fields[1].values.at(0).value, 2);
  EXPECT_EQ(slice(text, list->entries[0].span), "(tile = 64, occupancy = 1)");
  EXPECT_EQ(slice(text, list->span), text.substr(8, text.find("], k") + 1 - 8));
}

TEST(AnnotationParser, FixedListEntryTakesOneValuePerAxis) {
  constexpr std::string_view text = "space = [(tile = (64, 128))], k(a)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "(64"));
  EXPECT_NE(error.message.find("expected a value"), std::string::npos) << error.message;
}

TEST(AnnotationParser, OpaqueSpace) {
  constexpr std::string_view call_text = "space = make_space(n, 4), k(a)";
  Annotation const call = parse_ok(call_text);
  auto const* opaque = std::get_if<OpaqueSpace>(&call.space.value());
  ASSERT_NE(opaque, nullptr);
  EXPECT_EQ(opaque->expr.text, "make_space(n, 4)");
  EXPECT_EQ(opaque->expr.tree, nullptr);
  EXPECT_EQ(call.keywords.at(0).value_span.begin, offset_of(call_text, "make_space"));

  Annotation const name = parse_ok("space = my_space, k(a)");
  EXPECT_EQ(std::get<OpaqueSpace>(name.space.value()).expr.text, "my_space");
  // A lambda starts with '[' but is no fixed list.
  Annotation const lambda = parse_ok("space = [&] { return make(n); }(), k(a)");
  EXPECT_EQ(std::get<OpaqueSpace>(lambda.space.value()).expr.text, "[&] { return make(n); }()");
}

TEST(AnnotationParser, CartesianSingleValuesAndEmptyAxis) {
  Annotation const a = parse_ok("space = (tile = 4, wide = true, empty = ()), k(a)");
  auto const& space = std::get<CartesianSpace>(a.space.value());
  ASSERT_EQ(space.axes.size(), 3u);
  ASSERT_EQ(space.axes[0].values.size(), 1u);
  EXPECT_EQ(space.axes[0].values[0].value, 4);
  EXPECT_EQ(space.axes[1].values.at(0).value, 1);
  EXPECT_EQ(space.axes[2].name, "empty");
  EXPECT_TRUE(space.axes[2].values.empty());
}

TEST(AnnotationParser, IntegerAndBooleanLiterals) {
  constexpr std::string_view text =
      "space = (v = (0x1F, 1'024, 0b101, 017, -3, true, false, 42ull, 0, 7u, "
      "-9223372036854775808)), k(a)";
  Annotation const a = parse_ok(text);
  auto const& values = std::get<CartesianSpace>(a.space.value()).axes.at(0).values;
  ASSERT_EQ(values.size(), 11u);
  EXPECT_EQ(values[0].value, 31);
  EXPECT_EQ(values[1].value, 1024);
  EXPECT_EQ(values[2].value, 5);
  EXPECT_EQ(values[3].value, 15);
  EXPECT_EQ(values[4].value, -3);
  EXPECT_EQ(slice(text, values[4].span), "-3");
  EXPECT_EQ(values[5].value, 1);
  EXPECT_EQ(values[6].value, 0);
  EXPECT_EQ(values[7].value, 42);
  EXPECT_EQ(slice(text, values[7].span), "42ull");
  EXPECT_EQ(values[8].value, 0);
  EXPECT_EQ(values[9].value, 7);
  EXPECT_EQ(values[10].value, INT64_MIN);
}

TEST(AnnotationParser, BadLiteralsAreErrors) {
  constexpr std::string_view fraction = "space = (v = (1, 1.5)), k(a)";
  ParseError const invalid = parse_error(fraction);
  EXPECT_EQ(invalid.span.begin, offset_of(fraction, "1.5"));
  EXPECT_EQ(invalid.span.end, offset_of(fraction, "1.5") + 3);

  constexpr std::string_view huge = "space = (v = (99999999999999999999)), k(a)";
  EXPECT_EQ(parse_error(huge).span.begin, offset_of(huge, "9"));

  constexpr std::string_view name = "space = (v = (1, n)), k(a)";
  ParseError const not_a_value = parse_error(name);
  EXPECT_EQ(not_a_value.span.begin, offset_of(name, "n)"));
  EXPECT_EQ(not_a_value.message, "expected a value: an integer or true/false");

  constexpr std::string_view unclosed = "space = (v = (1, 2) w = (3)), k(a)";
  ParseError const axis_list = parse_error(unclosed);
  EXPECT_EQ(axis_list.span.begin, offset_of(unclosed, "w ="));
  EXPECT_EQ(axis_list.message, "expected ')' to close the axis list");
}

TEST(AnnotationParser, TupleDims) {
  constexpr std::string_view text = "blocks = (cld(n, $tile), m, 1), threads = ($tile, 4), k(a)";
  Annotation const a = parse_ok(text);
  ASSERT_TRUE(a.blocks);
  EXPECT_TRUE(a.blocks->tuple);
  ASSERT_EQ(a.blocks->exprs.size(), 3u);
  EXPECT_EQ(a.blocks->exprs[0].text, "cld(n, $tile)");
  EXPECT_EQ(a.blocks->exprs[1].text, "m");
  EXPECT_EQ(a.blocks->exprs[2].tree->value, 1);
  EXPECT_EQ(slice(text, a.blocks->span), "(cld(n, $tile), m, 1)");
  ASSERT_TRUE(a.threads);
  EXPECT_TRUE(a.threads->tuple);
  EXPECT_EQ(a.threads->exprs.size(), 2u);
}

TEST(AnnotationParser, ParenthesisedDimsAreOneExpression) {
  Annotation const single = parse_ok("threads = ($tile * 2), k(a)");
  ASSERT_TRUE(single.threads);
  EXPECT_FALSE(single.threads->tuple);
  ASSERT_EQ(single.threads->exprs.size(), 1u);
  EXPECT_EQ(single.threads->exprs[0].text, "($tile * 2)");
  ASSERT_NE(single.threads->exprs[0].tree, nullptr);
  EXPECT_EQ(single.threads->exprs[0].tree->name, "*");

  Annotation const longer = parse_ok("blocks = (n + 1) / 2, k(a)");
  EXPECT_FALSE(longer.blocks.value().tuple);
  EXPECT_EQ(longer.blocks.value().exprs.at(0).text, "(n + 1) / 2");
}

TEST(AnnotationParser, MoreThanThreeDimsIsAnError) {
  constexpr std::string_view text = "blocks = (1, 2, 3, n + 4), k(a)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "n + 4"));
  EXPECT_EQ(error.span.end, offset_of(text, "n + 4") + 5);
}

TEST(AnnotationParser, Key) {
  Annotation const list = parse_ok("key = (n, m * 2), k(a)");
  ASSERT_TRUE(list.key);
  ASSERT_EQ(list.key->size(), 2u);
  EXPECT_EQ((*list.key)[1].text, "m * 2");

  constexpr std::string_view bare_text = "key = n /* size */ , k(a)";
  Annotation const bare = parse_ok(bare_text);
  ASSERT_EQ(bare.key.value().size(), 1u);
  EXPECT_EQ(bare.key->at(0).text, "n");
  EXPECT_EQ(slice(bare_text, bare.keywords.at(0).value_span), "n");

  Annotation const parenthesised = parse_ok("key = (n), k(a)");
  ASSERT_EQ(parenthesised.key.value().size(), 1u);
  EXPECT_EQ(parenthesised.key->at(0).text, "n");
}

TEST(AnnotationParser, WhereTreeFollowsPrecedence) {
  constexpr std::string_view text =
      "where = $tile * $occ <= 1024 && ($tile % 64 == 0 || !$small), k(a)";
  Annotation const a = parse_ok(text);
  ASSERT_TRUE(a.where);
  ExprNode const* root = a.where->tree.get();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->kind, ExprNode::Kind::Binary);
  EXPECT_EQ(root->name, "&&");
  EXPECT_EQ(slice(text, root->span), "$tile * $occ <= 1024 && ($tile % 64 == 0 || !$small)");
  ASSERT_EQ(root->operands.size(), 2u);

  ExprNode const& compare = *root->operands[0];
  EXPECT_EQ(compare.name, "<=");
  ExprNode const& product = *compare.operands.at(0);
  EXPECT_EQ(product.name, "*");
  EXPECT_EQ(product.operands.at(0)->kind, ExprNode::Kind::Dollar);
  EXPECT_EQ(product.operands.at(1)->name, "occ");
  EXPECT_EQ(compare.operands.at(1)->value, 1024);

  ExprNode const& either = *root->operands[1];
  EXPECT_EQ(either.name, "||");
  EXPECT_EQ(slice(text, either.span), "($tile % 64 == 0 || !$small)");
  ExprNode const& equal = *either.operands.at(0);
  EXPECT_EQ(equal.name, "==");
  EXPECT_EQ(equal.operands.at(0)->name, "%");
  ExprNode const& negation = *either.operands.at(1);
  EXPECT_EQ(negation.kind, ExprNode::Kind::Unary);
  EXPECT_EQ(negation.name, "!");
  EXPECT_EQ(slice(text, negation.span), "!$small");
}

TEST(AnnotationParser, BinaryOperatorsAreLeftAssociative) {
  Annotation const a = parse_ok("where = 10 - 4 - 3 << 1, k(a)");
  ExprNode const* root = a.where.value().tree.get();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "<<");
  ExprNode const& difference = *root->operands.at(0);
  EXPECT_EQ(difference.name, "-");
  EXPECT_EQ(difference.operands.at(0)->name, "-");
  EXPECT_EQ(difference.operands.at(0)->operands.at(0)->value, 10);
  EXPECT_EQ(difference.operands.at(1)->value, 3);
}

TEST(AnnotationParser, MultiplicationBindsTighterThanAddition) {
  Annotation const a = parse_ok("where = 1 + 2 * 3 - 4, k(a)");
  ExprNode const* root = a.where.value().tree.get();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "-");
  ExprNode const& sum = *root->operands.at(0);
  EXPECT_EQ(sum.name, "+");
  EXPECT_EQ(sum.operands.at(0)->value, 1);
  EXPECT_EQ(sum.operands.at(1)->name, "*");
  EXPECT_EQ(root->operands.at(1)->value, 4);
}

TEST(AnnotationParser, BooleanLiteralsInTree) {
  Annotation const a = parse_ok("where = false || true, k(a)");
  ExprNode const* root = a.where.value().tree.get();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->operands.at(0)->kind, ExprNode::Kind::Literal);
  EXPECT_EQ(root->operands.at(0)->value, 0);
  EXPECT_EQ(root->operands.at(1)->value, 1);
}

TEST(AnnotationParser, CldAndUnaryInTree) {
  constexpr std::string_view text = "shmem = cld(1000, $tile) * -~2, k(a)";
  Annotation const a = parse_ok(text);
  ExprNode const* root = a.shmem.value().tree.get();
  ASSERT_NE(root, nullptr);
  ExprNode const& cld = *root->operands.at(0);
  EXPECT_EQ(cld.kind, ExprNode::Kind::Cld);
  ASSERT_EQ(cld.operands.size(), 2u);
  EXPECT_EQ(cld.operands[0]->value, 1000);
  EXPECT_EQ(cld.operands[1]->name, "tile");
  EXPECT_EQ(slice(text, cld.span), "cld(1000, $tile)");
  ExprNode const& minus = *root->operands.at(1);
  EXPECT_EQ(minus.name, "-");
  EXPECT_EQ(minus.operands.at(0)->name, "~");
  EXPECT_EQ(minus.operands.at(0)->operands.at(0)->value, 2);
}

TEST(AnnotationParser, CommentsInsideAnEvaluableExpression) {
  constexpr std::string_view text = "where = $a /* the axis */ + // why\n 1, k(a)";
  Annotation const a = parse_ok(text);
  ExprNode const* root = a.where.value().tree.get();
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->name, "+");
  EXPECT_EQ(root->operands.at(1)->span.begin, offset_of(text, "1,"));
}

TEST(AnnotationParser, ExpressionsWithCxxAreOpaque) {
  Annotation const a = parse_ok("where = n > $tile, shmem = $tile * sizeof(float), k(a)");
  ASSERT_TRUE(a.where);
  EXPECT_EQ(a.where->tree, nullptr);
  ASSERT_EQ(a.where->dollars.size(), 1u);
  EXPECT_EQ(a.where->dollars[0].name, "tile");
  EXPECT_EQ(a.shmem.value().tree, nullptr);
  // `a = 1` is an assignment and `x++` an increment, not evaluable.
  EXPECT_EQ(parse_ok("where = $a = 1, k(a)").where.value().tree, nullptr);
  EXPECT_EQ(parse_ok("where = $a++, k(a)").where.value().tree, nullptr);
}

TEST(AnnotationParser, ConstantArgument) {
  constexpr std::string_view text = "k(Constant($tile * 2), Constant (n), n)";
  Annotation const a = parse_ok(text);
  ASSERT_EQ(a.call.value().args.size(), 3u);
  Argument const& first = a.call->args[0];
  EXPECT_TRUE(first.constant);
  EXPECT_EQ(first.expr.text, "$tile * 2");
  EXPECT_EQ(first.expr.span.begin, offset_of(text, "$tile"));
  EXPECT_EQ(slice(text, first.span), "Constant($tile * 2)");
  EXPECT_NE(first.expr.tree, nullptr);
  EXPECT_TRUE(a.call->args[1].constant);
  EXPECT_EQ(a.call->args[1].expr.text, "n");
  EXPECT_FALSE(a.call->args[2].constant);
}

TEST(AnnotationParser, QualifiedCalleeAndTypeTemplateArguments) {
  constexpr std::string_view text = "ns::inner::kernel<float, Vec<Vec<4>>, ($t > 2)>(x)";
  Annotation const a = parse_ok(text);
  ASSERT_TRUE(a.call);
  EXPECT_EQ(a.call->callee, "ns::inner::kernel");
  EXPECT_EQ(slice(text, a.call->callee_span), "ns::inner::kernel");
  ASSERT_EQ(a.call->template_args.size(), 3u);
  EXPECT_EQ(a.call->template_args[0].text, "float");
  EXPECT_EQ(a.call->template_args[1].text, "Vec<Vec<4>>");
  EXPECT_EQ(a.call->template_args[2].text, "($t > 2)");
  ASSERT_NE(a.call->template_args[2].tree, nullptr);
  EXPECT_EQ(a.call->template_args[2].tree->name, ">");
  EXPECT_EQ(a.call->args.at(0).expr.text, "x");

  Annotation const global = parse_ok("::k()");
  EXPECT_EQ(global.call.value().callee, "::k");
  EXPECT_FALSE(global.call->has_template_args);
  EXPECT_TRUE(global.call->args.empty());

  Annotation const empty_template = parse_ok("k<>()");
  EXPECT_TRUE(empty_template.call.value().has_template_args);
  EXPECT_TRUE(empty_template.call->template_args.empty());
}

TEST(AnnotationParser, UnparenthesisedComparisonEndsTemplateArguments) {
  constexpr std::string_view text = "k<a > b>(x)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "b>"));
}

TEST(AnnotationParser, StringsAndCharactersAreSkippedWhole) {
  Annotation const a = parse_ok(R"t(stream = pick(",)", ')', R"x(",)x"), k(a))t");
  EXPECT_EQ(a.stream.value().text, R"t(pick(",)", ')', R"x(",)x"))t");
  EXPECT_EQ(a.call.value().callee, "k");
}

TEST(AnnotationParser, UnknownKeywordIsRecorded) {
  constexpr std::string_view text = "tile = (1, 2), k(a)";
  Annotation const a = parse_ok(text);
  ASSERT_EQ(a.keywords.size(), 1u);
  EXPECT_EQ(a.keywords[0].name, "tile");
  EXPECT_EQ(a.keywords[0].name_span.end, 4u);
  EXPECT_EQ(slice(text, a.keywords[0].value_span), "(1, 2)");
  EXPECT_FALSE(a.space);
}

TEST(AnnotationParser, RepeatedKeywordKeepsTheFirst) {
  constexpr std::string_view text = "stream = s1, occupancy = 2, stream = s2, occupancy = 3, k(a)";
  Annotation const a = parse_ok(text);
  ASSERT_EQ(a.keywords.size(), 4u);
  EXPECT_EQ(a.keywords[2].name, "stream");
  EXPECT_EQ(a.keywords[2].name_span.begin, offset_of(text, "stream", 1));
  EXPECT_EQ(a.stream.value().text, "s1");
  EXPECT_EQ(a.occupancy.value().value, 2);
  EXPECT_EQ(slice(text, a.occupancy->span), "2");
}

TEST(AnnotationParser, Hints) {
  Annotation const a = parse_ok("occupancy = 0x2, num_ctas = -1, k(a)");
  EXPECT_EQ(a.occupancy.value().value, 2);
  EXPECT_EQ(a.num_ctas.value().value, -1);
}

TEST(AnnotationParser, HintThatIsNoLiteralIsAnError) {
  constexpr std::string_view name = "occupancy = n, k(a)";
  ParseError const variable = parse_error(name);
  EXPECT_EQ(variable.span.begin, offset_of(name, "n,"));
  EXPECT_EQ(variable.span.end, offset_of(name, "n,") + 1);

  constexpr std::string_view product = "num_ctas = 2 * 4, k(a)";
  ParseError const expression = parse_error(product);
  EXPECT_EQ(slice(product, expression.span), "2 * 4");
  EXPECT_NE(expression.message.find("num_ctas"), std::string::npos) << expression.message;
}

TEST(AnnotationParser, MissingCallIsAnErrorAtTheEnd) {
  constexpr std::string_view text = "space = (tile = (1, 2)), blocks = n";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, text.size());
  EXPECT_EQ(error.span.end, text.size());
  EXPECT_EQ(error.message.rfind("missing kernel call", 0), 0u) << error.message;
  EXPECT_EQ(parse_error("").span.begin, 0u);
}

TEST(AnnotationParser, CallMustBeLast) {
  constexpr std::string_view text = "k(a),\n  stream = s";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "stream"));
  EXPECT_EQ(error.message, "the kernel call must be the last item of the annotation");

  constexpr std::string_view trailing = "k(a), ";
  EXPECT_EQ(parse_error(trailing).span.begin, offset_of(trailing, ","));
}

TEST(AnnotationParser, MissingEqualsAfterKeyword) {
  constexpr std::string_view text = "stream s, k(a)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "s,"));
  EXPECT_EQ(error.message, "expected '=' after keyword 'stream'");

  // Looks like a call, but one that is not the last item.
  constexpr std::string_view space = "space (tile = (1, 2)), k(a)";
  ParseError const call_like = parse_error(space);
  EXPECT_EQ(call_like.span.begin, offset_of(space, "("));
  EXPECT_EQ(call_like.message, "expected '=' after keyword 'space'");
}

TEST(AnnotationParser, KernelNamedLikeAKeywordAsTheLastItem) {
  Annotation const a = parse_ok("stream = s, space(x)");
  ASSERT_TRUE(a.call);
  EXPECT_EQ(a.call->callee, "space");
  EXPECT_EQ(a.keywords.size(), 1u);
}

TEST(AnnotationParser, DollarWithoutName) {
  constexpr std::string_view text = "threads = 2 * $ 4, k(a)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "$"));
  EXPECT_EQ(error.span.end, offset_of(text, "$") + 1);
}

TEST(AnnotationParser, UnbalancedBrackets) {
  constexpr std::string_view open = "blocks = cld(n, $tile, k(a)";
  ParseError const unclosed = parse_error(open);
  EXPECT_EQ(unclosed.span.begin, offset_of(open, "("));
  EXPECT_EQ(unclosed.message, "unbalanced '(': no matching ')'");

  constexpr std::string_view stray = "blocks = n), k(a)";
  EXPECT_EQ(parse_error(stray).span.begin, offset_of(stray, ")"));

  constexpr std::string_view mismatched = "k(a[1), b)";
  EXPECT_EQ(parse_error(mismatched).span.begin, offset_of(mismatched, "["));
}

TEST(AnnotationParser, UnterminatedCommentAndString) {
  constexpr std::string_view comment = "k(a) /* no end";
  EXPECT_EQ(parse_error(comment).span.begin, offset_of(comment, "/*"));
  constexpr std::string_view string = "k(\"abc)";
  EXPECT_EQ(parse_error(string).span.begin, offset_of(string, "\""));
}

TEST(AnnotationParser, DeepBracketNestingIsAnError) {
  std::string const text =
      "blocks = " + std::string(300, '(') + "1" + std::string(300, ')') + ", k(a)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(error.span.begin, offset_of(text, "(") + 256);
  EXPECT_NE(error.message.find("256"), std::string::npos) << error.message;

  // 256 levels are still accepted, and evaluable.
  std::string const deepest =
      "blocks = " + std::string(256, '(') + "1" + std::string(256, ')') + ", k(a)";
  Annotation const a = parse_ok(deepest);
  ASSERT_NE(a.blocks.value().exprs.at(0).tree, nullptr);
  EXPECT_EQ(a.blocks->exprs[0].tree->value, 1);
}

TEST(AnnotationParser, DeepExpressionTreeIsAnError) {
  std::string sum = "where = 1";
  for (int i = 0; i < 300; ++i) sum += " + 1";
  sum += ", k(a)";
  ParseError const chain = parse_error(sum);
  EXPECT_EQ(chain.span.begin, offset_of(sum, "1"));
  EXPECT_NE(chain.message.find("too deeply"), std::string::npos) << chain.message;

  std::string const negations = "where = " + std::string(300, '!') + "1, k(a)";
  EXPECT_NE(parse_error(negations).message.find("too deeply"), std::string::npos);
}

TEST(AnnotationParser, MeasurementOptions) {
  constexpr std::string_view text =
      "restore = (c, n * sizeof(float)), outputs = out, verify = 1e-3, flush_l2 = true, k(c)";
  Annotation const a = parse_ok(text);
  ASSERT_TRUE(a.restore);
  ASSERT_EQ(a.restore->size(), 2u);
  EXPECT_EQ((*a.restore)[1].text, "n * sizeof(float)");
  EXPECT_EQ((*a.restore)[1].span.begin, offset_of(text, "n *"));
  ASSERT_TRUE(a.outputs);
  ASSERT_EQ(a.outputs->size(), 1u);
  EXPECT_EQ(a.outputs->front().text, "out");
  ASSERT_TRUE(a.verify);
  EXPECT_EQ(a.verify->text, "1e-3");
  ASSERT_TRUE(a.flush_l2);
  EXPECT_EQ(a.flush_l2->value, 1);
  EXPECT_EQ(slice(text, a.flush_l2->span), "true");
  EXPECT_EQ(parse_ok("flush_l2 = 0, k(c)").flush_l2.value().value, 0);
  EXPECT_EQ(parse_ok("verify = true, k(c)").verify.value().tree->value, 1);
}

TEST(AnnotationParser, SearchOptions) {
  constexpr std::string_view text = "search = sample, budget = 2.5s, seed = 42, k(c)";
  Annotation const a = parse_ok(text);
  ASSERT_TRUE(a.search);
  EXPECT_EQ(a.search->text, "sample");
  EXPECT_EQ(a.search->span.begin, offset_of(text, "sample"));
  ASSERT_TRUE(a.budget);
  EXPECT_EQ(slice(text, a.budget->span), "2.5s");
  ASSERT_TRUE(a.seed);
  ASSERT_TRUE(a.seed->tree);
  EXPECT_EQ(a.seed->tree->value, 42);
}

TEST(AnnotationParser, FlushL2TakesALiteral) {
  constexpr std::string_view text = "flush_l2 = on_large_inputs(n), k(c)";
  ParseError const error = parse_error(text);
  EXPECT_EQ(slice(text, error.span), "on_large_inputs(n)");
  EXPECT_EQ(error.message, "'flush_l2' takes a literal: true or false");
  // A hint takes no boolean.
  EXPECT_EQ(parse_error("occupancy = true, k(c)").message,
            "'occupancy' is a static hint: expected an integer literal");
}

TEST(AnnotationParser, MeasurementKeywordWithoutEquals) {
  constexpr std::string_view text = "verify 1, k(c)";
  EXPECT_EQ(parse_error(text).message, "expected '=' after keyword 'verify'");
}

}  // namespace
}  // namespace tiletune::tool
