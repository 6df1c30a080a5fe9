#include "preprocess/call_probe.h"

#include "annotation/axis_lookup.h"
#include "annotation/evaluable_grammar.h"
#include "annotation/parser.h"

#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace tiletune::tool {
namespace {

// The probe's text, each character with the offset in the annotation's text it comes from
// (kNoOrigin for the probe's own punctuation).
class ProbeText {
 public:
  static constexpr unsigned kNoOrigin = ~0u;

  void add(const std::string& text, unsigned origin = kNoOrigin) {
    text_ += text;
    origins_.insert(origins_.end(), text.size(), origin);
  }

  // `e` with `$name` as `value_of(name)` and `cld` as tiletune's.
  template <class ValueOf>
  void add(const Expr& e, const ValueOf& value_of) {
    struct Edit {
      Span span;
      std::string text;
    };
    std::vector<Edit> edits;
    for (const DollarRef& d : e.dollars) edits.push_back({d.span, value_of(d.name)});
    for (const Span& c : e.clds) edits.push_back({c, "::tiletune::cld"});
    std::sort(edits.begin(), edits.end(),
              [](const Edit& x, const Edit& y) { return x.span.begin < y.span.begin; });
    unsigned at = e.span.begin;
    for (const Edit& edit : edits) {
      copy(e, at, edit.span.begin);
      add("(" + edit.text + ")", edit.span.begin);
      at = edit.span.end;
    }
    copy(e, at, e.span.end);
  }

  const std::string& text() const { return text_; }
  unsigned origin(std::size_t offset) const { return origins_[offset]; }

 private:
  void copy(const Expr& e, unsigned begin, unsigned end) {
    for (unsigned i = begin; i < end; ++i) {
      text_ += e.text[i - e.span.begin];
      origins_.push_back(i);
    }
  }

  std::string text_;
  std::vector<unsigned> origins_;
};

// The value `$name` takes in the probe: the axis's first value, else 1 (an opaque space's values
// are known at run time; an unknown name is reported by the checks).
std::string probe_value(const Annotation& a, const std::string& name) {
  const Axis* axis = axis_named(a, name);
  if (axis == nullptr || axis->values.empty()) return "1";
  return std::to_string(axis->values.front().value);
}

// The same in a kernel argument, which the generated code computes at run time: typed as it is
// there (emit/expression_code.h), an int where every value of the axis fits one, else (or in a
// space built at run time) a long long.
std::string probe_argument_value(const Annotation& a, const std::string& name) {
  const Axis* axis = axis_named(a, name);
  if (axis == nullptr || axis->values.empty()) return "1ll";
  bool const fits_int = std::all_of(axis->values.begin(), axis->values.end(), [](const auto& v) {
    return v.value >= std::numeric_limits<int>::min() && v.value <= std::numeric_limits<int>::max();
  });
  return std::to_string(axis->values.front().value) + (fits_int ? "" : "ll");
}

bool starts_lambda(const Expr& e) {
  std::size_t first = e.text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && e.text[first] == '[';
}

bool lambda_argument(const KernelCall& call) {
  return std::any_of(call.args.begin(), call.args.end(),
                     [](const Argument& arg) { return starts_lambda(arg.expr); });
}

void add_call(const Annotation& a, const std::string& site_text, ProbeText& probe) {
  const KernelCall& call = *a.call;
  auto value_of = [&](const std::string& name) { return probe_value(a, name); };
  probe.add(", (void)sizeof((");
  for (unsigned i = call.callee_span.begin; i < call.callee_span.end; ++i)
    probe.add(std::string(1, site_text[i]), i);
  if (call.has_template_args) {
    probe.add("<");
    for (std::size_t i = 0; i < call.template_args.size(); ++i) {
      if (i) probe.add(", ");
      probe.add(call.template_args[i], value_of);
    }
    probe.add(">");
  }
  probe.add(" <<<1, 1>>>(");
  auto argument_value_of = [&](const std::string& name) { return probe_argument_value(a, name); };
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    if (i) probe.add(", ");
    probe.add(call.args[i].expr, argument_value_of);
  }
  probe.add("), 0))");
}

// Each name in `where`, as `, (void)sizeof((::tiletune::detail::where_name<index>(name), 0))`, for
// Clang to look up and evaluate where the annotation is (site_instantiations.h reads the values).
void add_where_names(const Annotation& a, const std::string& site_text, ProbeText& probe) {
  if (!a.where || a.where->tree) return;
  auto tree = where_tree(*a.where);
  const auto* root = std::get_if<std::shared_ptr<const ExprNode>>(&tree);
  if (root == nullptr || *root == nullptr) return;
  std::vector<const ExprNode*> names = names_in(**root);
  for (std::size_t i = 0; i < names.size(); ++i) {
    probe.add(", (void)sizeof((::tiletune::detail::where_name<" + std::to_string(i) + ">(");
    for (unsigned at = names[i]->span.begin; at < names[i]->span.end; ++at)
      probe.add(std::string(1, site_text[at]), at);
    probe.add("), 0))");
  }
}

// Each expression of `key`, as `, (void)sizeof(((expr), 0))`, for Clang to look its names up where
// the annotation is: an unknown one is the site's error at its column, not nvcc's in the generated
// call (`::tiletune::key(n, rows)`).
// Before C++20 an unevaluated operand may hold no lambda: a key written as one is left out.
void add_key_expressions(const Annotation& a, bool cxx20, ProbeText& probe) {
  if (!a.key) return;
  auto value_of = [&](const std::string& name) { return probe_argument_value(a, name); };
  for (const Expr& e : *a.key) {
    if (!cxx20 && starts_lambda(e)) continue;
    probe.add(", (void)sizeof(((");
    probe.add(e, value_of);
    probe.add("), 0))");
  }
}

// The probe as tokens of `pp`, each at the place in the annotation its text comes from (the
// probe's own at TILETUNE), so that Clang's messages about the call point into the annotation.
std::vector<clang::Token> probe_tokens(clang::Preprocessor& pp, const SiteText& site,
                                       const ProbeText& probe) {
  const std::string& text = probe.text();
  clang::Lexer lexer(site.macro_begin, pp.getLangOpts(), text.data(), text.data(),
                     text.data() + text.size());
  std::vector<clang::Token> tokens;
  for (;;) {
    clang::Token raw;
    lexer.LexFromRawLexer(raw);
    if (raw.is(clang::tok::eof)) break;
    // The raw lexer places a token at the start location plus its offset in `text`.
    std::size_t const offset =
        raw.getLocation().getRawEncoding() - site.macro_begin.getRawEncoding();
    std::string spelling = text.substr(offset, raw.getLength());
    unsigned const origin = probe.origin(offset);
    clang::Token token;
    token.startToken();
    token.setKind(raw.getKind());
    if (raw.is(clang::tok::raw_identifier) || raw.isLiteral())
      pp.CreateString(spelling, token);  // the spelling outlives this function there
    else
      token.setLength(raw.getLength());
    if (token.is(clang::tok::raw_identifier)) pp.LookUpIdentifierInfo(token);
    token.setLocation(origin == ProbeText::kNoOrigin ? site.macro_begin
                                                     : site_location(site, origin));
    token.setFlag(clang::Token::LeadingSpace);
    tokens.push_back(token);
  }
  return tokens;
}

}  // namespace

void enter_call_probe(clang::Preprocessor& pp, const SiteText& site) {
  std::variant<Annotation, ParseError> parsed = parse_site_annotation(site);
  const auto* annotation = std::get_if<Annotation>(&parsed);
  if (annotation == nullptr) return;
  ProbeText probe;
  if (annotation->call && (pp.getLangOpts().CPlusPlus20 || !lambda_argument(*annotation->call)))
    add_call(*annotation, site.text, probe);
  add_where_names(*annotation, site.text, probe);
  add_key_expressions(*annotation, pp.getLangOpts().CPlusPlus20, probe);
  if (probe.text().empty()) return;
  std::vector<clang::Token> tokens = probe_tokens(pp, site, probe);
  auto owned = std::make_unique<clang::Token[]>(tokens.size());
  std::copy(tokens.begin(), tokens.end(), owned.get());
  pp.EnterTokenStream(std::move(owned), static_cast<unsigned>(tokens.size()),
                      /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
}

}  // namespace tiletune::tool
