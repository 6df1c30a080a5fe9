// Which '<' opens template arguments: after a cast keyword or `template` by the grammar alone,
// elsewhere as the names at the annotation's place say (TemplateNames), as C++ decides by name
// lookup. Without an answer the parser's own rule stands.
#include "annotation/parser.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tiletune::tool {
namespace {

// A name with its qualification as one string: "ns::make", "::f", "obj.get", "p->at".
std::string spelled(const TemplateNameQuery& q) {
  std::string out = q.global ? "::" : "";
  if (q.member) out += q.object + (q.arrow ? "->" : ".");
  for (std::size_t i = 0; i < q.parts.size(); ++i) out += (i ? "::" : "") + q.parts[i];
  return out;
}

// Names that are templates and names that are not, as a lookup would find them; every question
// asked is kept.
struct Names {
  std::set<std::string> templates;
  std::set<std::string> others;
  std::vector<std::string> asked;

  TemplateNames lookup() {
    return [this](const TemplateNameQuery& q) -> std::optional<bool> {
      asked.push_back(spelled(q));
      if (templates.count(spelled(q))) return true;
      if (others.count(spelled(q))) return false;
      return std::nullopt;
    };
  }
};

std::vector<std::string> argument_texts(std::string_view text, const TemplateNames& names) {
  auto result = parse_annotation(text, names);
  if (auto const* error = std::get_if<ParseError>(&result)) {
    ADD_FAILURE() << "unexpected error at " << error->span.begin << ": " << error->message;
    return {};
  }
  std::vector<std::string> out;
  for (const Argument& arg : std::get<Annotation>(result).call->args) out.push_back(arg.expr.text);
  return out;
}

using Texts = std::vector<std::string>;

TEST(TemplateNames, CastsOpenTemplateArgumentsWithoutLookup) {
  EXPECT_EQ(argument_texts("k(reinterpret_cast<const Pair<float, 2>*>(raw), out, n)", {}),
            (Texts{"reinterpret_cast<const Pair<float, 2>*>(raw)", "out", "n"}));
  EXPECT_EQ(argument_texts("k(static_cast<Box<int, 4>>(v), p->template at<1, 2>(), n)", {}),
            (Texts{"static_cast<Box<int, 4>>(v)", "p->template at<1, 2>()", "n"}));
}

TEST(TemplateNames, LookupDecidesBetweenComparisonAndTemplate) {
  constexpr std::string_view text = "k(a < b, c > d)";
  Names variables{{}, {"a"}, {}};
  EXPECT_EQ(argument_texts(text, variables.lookup()), (Texts{"a < b", "c > d"}));
  EXPECT_EQ(variables.asked, (std::vector<std::string>{"a"}));
  Names templates{{"a"}, {}, {}};
  EXPECT_EQ(argument_texts(text, templates.lookup()), (Texts{"a < b, c > d"}));
  // Unknown: outside template arguments a '<' compares.
  Names unknown;
  EXPECT_EQ(argument_texts(text, unknown.lookup()), (Texts{"a < b", "c > d"}));
}

TEST(TemplateNames, QualifiedAndMemberNamesAreAskedWhole) {
  Names names{{"ns::make", "::tt::pick", "obj.get", "p->at"}, {}, {}};
  EXPECT_EQ(argument_texts("k(ns::make<int, 2>(x), ::tt::pick<1, 2>(y), obj.get<0, 1>(), "
                           "p->at<3, 4>(), n)",
                           names.lookup()),
            (Texts{"ns::make<int, 2>(x)", "::tt::pick<1, 2>(y)", "obj.get<0, 1>()", "p->at<3, 4>()",
                   "n"}));
  EXPECT_EQ(names.asked, (std::vector<std::string>{"ns::make", "::tt::pick", "obj.get", "p->at"}));
}

TEST(TemplateNames, NestedTemplateArgumentsAndKeywordValues) {
  Names names{{"Pack", "std::max"}, {}, {}};
  auto result = parse_annotation(
      "blocks = std::max<int>(1, n), threads = 64, k(Pack<Pack<int, 2>, 3>{}, n)", names.lookup());
  ASSERT_TRUE(std::holds_alternative<Annotation>(result));
  const Annotation& a = std::get<Annotation>(result);
  EXPECT_EQ(a.blocks->exprs.front().text, "std::max<int>(1, n)");
  ASSERT_EQ(a.call->args.size(), 2u);
  EXPECT_EQ(a.call->args[0].expr.text, "Pack<Pack<int, 2>, 3>{}");
}

TEST(TemplateNames, InsideTemplateArgumentsANonTemplateCompares) {
  // kernel<N < 4, 2>: C++ reads `N < 4` as a comparison when N is a constant.
  Names names{{}, {"N"}, {}};
  auto result = parse_annotation("k<N < 4, 2>(x)", names.lookup());
  ASSERT_TRUE(std::holds_alternative<Annotation>(result));
  const KernelCall& call = *std::get<Annotation>(result).call;
  ASSERT_EQ(call.template_args.size(), 2u);
  EXPECT_EQ(call.template_args[0].text, "N < 4");
  // Without an answer, a '<' after a name there opens template arguments, as before.
  EXPECT_TRUE(std::holds_alternative<Annotation>(parse_annotation("k<Vec<4>>(x)", {})));
}

TEST(TemplateNames, MemberOfASpecialisationIsNotAsked) {
  // `f` after `Box<int, 2>::` is not asked (nor taken for `::f`): what it is depends on the
  // specialisation, which only the compiler resolves.
  Names names{{"Box"}, {}, {}};
  EXPECT_EQ(argument_texts("k(Box<int, 2>::f<2>(x), n)", names.lookup()),
            (Texts{"Box<int, 2>::f<2>(x)", "n"}));
  EXPECT_EQ(names.asked, (std::vector<std::string>{"Box"}));
}

}  // namespace
}  // namespace tiletune::tool
