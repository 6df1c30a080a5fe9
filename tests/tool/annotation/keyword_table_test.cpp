// The keyword table (annotation/keywords.h), line by line: every keyword's value, written as its
// kind is written, is parsed into its own field; the expressions it holds are the ones the checks
// and the generated code visit; the names are those the tool suggests from and docs/annotation.md
// documents; the search strategies the tool accepts are those of the list. A keyword added to the
// table is held to all of this without a line here changing.
#include "annotation/keywords.h"
#include "annotation/launch_expressions.h"
#include "annotation/parser.h"
#include "annotation/search_values.h"
#include "search/search_strategies.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <variant>

namespace tiletune::tool {
namespace {

// A value as keywords of `kind` are written, with `$v` where an expression may hold one; and how
// many expressions it holds.
struct Sample {
  std::string text;
  int expressions;
};

// One per value kind: a kind without one fails every test below (std::map::at throws).
Sample sample_of(ValueKind kind) {
  static const std::map<ValueKind, Sample> samples = {
      {ValueKind::space, {"(t = (1, 2))", 0}},      {ValueKind::dimensions, {"($v, 2)", 2}},
      {ValueKind::expression_list, {"(p, $v)", 2}}, {ValueKind::expression, {"$v + 1", 1}},
      {ValueKind::static_hint, {"2", 0}},           {ValueKind::flag, {"true", 0}}};
  return samples.at(kind);
}

Annotation parsed(const std::string& text) {
  auto result = parse_annotation(text);
  if (const auto* error = std::get_if<ParseError>(&result)) {
    ADD_FAILURE() << text << ": " << error->message;
    return {};
  }
  return std::move(std::get<Annotation>(result));
}

bool has_value(const Annotation& a, const Keyword& k) {
  return std::visit([&](auto member) { return (a.*member).has_value(); }, k.field);
}

TEST(KeywordTable, EveryKeywordsValueLandsInItsOwnField) {
  for (const Keyword& k : kKeywords) {
    const std::string text = std::string(k.name) + " = " + sample_of(k.value).text + ", k(x)";
    const Annotation a = parsed(text);
    ASSERT_EQ(a.keywords.size(), 1u) << text;
    EXPECT_EQ(a.keywords[0].name, k.name);
    for (const Keyword& other : kKeywords)
      EXPECT_EQ(has_value(a, other), &other == &k) << text << ": field of " << other.name;
  }
}

TEST(KeywordTable, TheExpressionsOfAValueAreThoseChecksAndCodeVisit) {
  for (const Keyword& k : kKeywords) {
    const Sample sample = sample_of(k.value);
    const Annotation a = parsed(std::string(k.name) + " = " + sample.text + ", k(x)");
    int expressions = 0, dollars = 0;
    for_each_expression(a, k, [&](const Expr& e) {
      ++expressions;
      dollars += static_cast<int>(e.dollars.size());
    });
    EXPECT_EQ(expressions, sample.expressions) << k.name;
    EXPECT_EQ(dollars, sample.expressions > 0 ? 1 : 0) << k.name;
    int launched = 0;
    for_each_launch_expression(a, [&](const Expr&) { ++launched; });
    const bool at_launch =
        k.evaluated == Evaluated::per_launch || k.evaluated == Evaluated::per_configuration;
    EXPECT_EQ(launched, at_launch ? sample.expressions + 1 : 1) << k.name << " (and the call's x)";
  }
}

TEST(KeywordTable, ADollarIsRefusedWithAReasonOnlyWhereNoConfigurationIsKnown) {
  for (const Keyword& k : kKeywords) {
    if (k.evaluated == Evaluated::per_configuration) EXPECT_TRUE(k.no_dollar.empty()) << k.name;
    if (k.evaluated == Evaluated::per_launch || k.evaluated == Evaluated::when_tuning ||
        k.evaluated == Evaluated::at_first_launch)
      EXPECT_FALSE(k.no_dollar.empty()) << k.name << " is evaluated before any configuration";
  }
}

TEST(KeywordTable, NamesAreKnownOnceAndNothingElseIsAKeyword) {
  for (const Keyword& k : kKeywords) {
    EXPECT_EQ(keyword_named(k.name), &k);
    int same = 0;
    for (const Keyword& other : kKeywords) same += other.name == k.name;
    EXPECT_EQ(same, 1) << k.name;
  }
  EXPECT_EQ(keyword_named("thread"), nullptr);
  EXPECT_EQ(keyword_named(""), nullptr);
}

// docs/annotation.md: a row `| `name` | ...` per keyword in its table of keywords.
TEST(KeywordTable, TheLanguagesDocumentListsEveryKeyword) {
  std::ifstream file(TILETUNE_SOURCE_DIR "/docs/annotation.md");
  ASSERT_TRUE(file) << "docs/annotation.md";
  std::stringstream text;
  text << file.rdbuf();
  for (const Keyword& k : kKeywords)
    EXPECT_NE(text.str().find("\n| `" + std::string(k.name) + "` |"), std::string::npos)
        << k.name << " has no row in docs/annotation.md";
}

TEST(KeywordTable, SearchTakesTheStrategiesOfTheList) {
  ASSERT_EQ(search_strategy_names().size(), std::size(detail::kStrategies));
  for (std::size_t i = 0; i < search_strategy_names().size(); ++i) {
    const detail::StrategyEntry& s = detail::kStrategies[i];
    EXPECT_EQ(search_strategy_names()[i], s.name);
    EXPECT_EQ(search_strategy_enumerator(s.name),
              "::tiletune::SearchStrategy::" + std::string(s.enumerator));
  }
  EXPECT_EQ(search_strategy_enumerator("exhaustiv"), "");
}

}  // namespace
}  // namespace tiletune::tool
