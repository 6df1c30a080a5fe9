#include "annotation/expression_scanner.h"

#include "annotation/evaluable_grammar.h"
#include "annotation/parse_failure.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tiletune::tool {
namespace {

// Bracket pairs, at the same index: '<' and '>' only around template arguments.
constexpr std::string_view kOpening = "([{<";
constexpr std::string_view kClosing = ")]}>";

char closing(char open) { return kClosing[kOpening.find(open)]; }
char opening(char close) { return kOpening[kClosing.find(close)]; }

bool is_open_bracket(char c) { return c == '(' || c == '[' || c == '{'; }
bool is_close_bracket(char c) { return c == ')' || c == ']' || c == '}'; }

// The casts whose '<' always opens template arguments.
bool is_cast_keyword(std::string_view name) {
  return name == "static_cast" || name == "dynamic_cast" || name == "reinterpret_cast" ||
         name == "const_cast";
}

bool is_raw_string_prefix(std::string_view name) {
  return name == "R" || name == "LR" || name == "uR" || name == "UR" || name == "u8R";
}

DollarRef take_dollar(Cursor& c) {
  unsigned const begin = c.pos++;
  auto const name = c.take(lexical::identifier);
  if (!name) fail({begin, begin + 1}, "expected an axis name after '$'");
  return {std::string(*name), {begin, c.pos}};
}

void skip_quoted(Cursor& c, char quote) {
  unsigned const begin = c.pos++;
  for (;;) {
    if (c.at_end() || c.text[c.pos] == '\n')
      fail({begin, begin + 1},
           quote == '"' ? "unterminated string literal" : "unterminated character literal");
    char const ch = c.text[c.pos];
    if (ch == quote) {
      ++c.pos;
      return;
    }
    c.pos += ch == '\\' && c.pos + 1 < c.size() ? 2 : 1;
  }
}

// R"delimiter( ... )delimiter", the cursor at its '"'; `begin` is where its prefix starts.
void skip_raw_string(Cursor& c, unsigned begin) {
  constexpr std::size_t kMaxDelimiter = 16;  // as in C++
  unsigned const delimiter_begin = ++c.pos;
  while (!c.at_end() && !c.at('(') && c.pos - delimiter_begin <= kMaxDelimiter &&
         std::string_view(" )\\\t\v\f\n\r\"").find(c.text[c.pos]) == std::string_view::npos)
    ++c.pos;
  if (!c.at('(') || c.pos - delimiter_begin > kMaxDelimiter)
    fail({begin, c.pos}, "invalid raw string literal: expected '(' after its delimiter");
  std::string const terminator =
      ")" + std::string(c.text.substr(delimiter_begin, c.pos - delimiter_begin)) + "\"";
  auto const end = c.text.find(terminator, c.pos + 1);
  if (end == std::string_view::npos) fail({begin, c.pos + 1}, "unterminated raw string literal");
  c.pos = static_cast<unsigned>(end + terminator.size());
}

// The name the last tokens spell (`a::b`, `::a`, `x.f`, `p->template g`), for a '<' after it.
struct NameChain {
  TemplateNameQuery query;
  bool active = false;      // the last tokens form a name, or its start
  bool wants_name = false;  // after `::`, '.', '->' or `template`: a name comes next
  bool template_keyword = false;
  bool unknown = false;  // qualified by a template-id (`Box<int>::f`): the caller cannot say

  // The last token was this one identifier, unqualified: a member access's object.
  bool lone_identifier() const {
    return active && !wants_name && !query.member && !query.global && query.parts.size() == 1;
  }
};

// One scan: the brackets opened inside the expression, its comments, where its tokens are.
class ExpressionScanner {
 public:
  ExpressionScanner(Cursor& cursor, std::optional<Bracket> container)
      : c_(cursor), container_(container) {}

  Expr scan() {
    for (;;) {
      if (c_.take(+lexical::whitespace)) continue;
      if (auto const comment = c_.take_comment()) {
        comments_.push_back(*comment);
        continue;
      }
      auto const innermost = open_.empty() ? container_ : std::optional<Bracket>(open_.back());
      if (c_.at_end()) {
        if (innermost) fail_unbalanced(*innermost);
        break;
      }
      char const c = c_.text[c_.pos];
      if (open_.empty() && (c == ',' || (container_ && c == closing(container_->open)))) break;
      unsigned const begin = c_.pos;
      after_identifier_ = take_token(innermost);
      if (!first_) first_ = begin;
      last_ = c_.pos;
    }
    return finish();
  }

 private:
  // The token at the cursor; true when it is an identifier (a '<' after one may open template
  // arguments).
  bool take_token(std::optional<Bracket> innermost) {
    unsigned const begin = c_.pos;
    bool const after_angles = std::exchange(closed_angles_, false);
    if (auto const name = c_.take(lexical::identifier)) {
      chain_name(*name);
      return after_name(*name, begin);
    }
    NameChain const chain = std::exchange(chain_, {});
    if (c_.take(lexical::pp_number)) return false;  // whole: a digit separator's ' opens nothing
    char const c = c_.text[begin];
    if (c == '"' || c == '\'') {
      skip_quoted(c_, c);
    } else if (c_.directive_at(begin)) {
      throw Failure{directive_error(c_.text, begin)};
    } else if (c == '$') {
      expr_.dollars.push_back(take_dollar(c_));
      expr_.dollars.back().in_template_arguments =
          std::any_of(open_.begin(), open_.end(), [](const Bracket& b) { return b.open == '<'; });
    } else {
      take_punctuation(c, innermost, chain, after_angles);
    }
    return false;
  }

  void take_punctuation(char c, std::optional<Bracket> innermost, const NameChain& chain,
                        bool after_angles) {
    unsigned const begin = c_.pos;
    bool const in_angles = innermost && innermost->open == '<';
    if (is_open_bracket(c) || (c == '<' && opens_angles(chain, in_angles)))
      open_bracket(c, begin);
    else if (is_close_bracket(c) || (c == '>' && in_angles))
      closed_angles_ = close_bracket(c, begin, innermost) == '<';
    else if (c_.at("::"))
      chain_scope(chain, after_angles);
    else if (c_.at("->") || c == '.')
      chain_member(chain);
    else
      ++c_.pos;
  }

  // Whether the '<' at the cursor, after `chain`, opens template arguments: after `template` or a
  // cast, and where the caller knows the name to be a template. Otherwise, without its word,
  // inside template arguments a '<' after a name opens more (in C++, a comparison there must be
  // parenthesised) and anywhere else it compares.
  bool opens_angles(const NameChain& chain, bool in_angles) const {
    if (c_.at("<<") || c_.at("<=")) return false;
    if (!chain.active || chain.wants_name) return false;
    if (chain.template_keyword) return true;
    const TemplateNameQuery& q = chain.query;
    if (chain.unknown) return in_angles && after_identifier_;
    if (!q.member && !q.global && q.parts.size() == 1 && is_cast_keyword(q.parts.front()))
      return true;
    std::optional<bool> known;
    if (c_.template_names) {
      TemplateNameQuery query = q;
      query.offset = c_.pos;
      known = (*c_.template_names)(query);
    }
    return known.value_or(in_angles && after_identifier_);
  }

  // An identifier: the start of a name, or its next part.
  void chain_name(std::string_view name) {
    if (name == "template" && (!chain_.active || chain_.wants_name)) {
      chain_.active = chain_.wants_name = chain_.template_keyword = true;
      return;
    }
    if (!chain_.active || !chain_.wants_name) chain_ = {};
    chain_.active = true;
    chain_.wants_name = false;
    chain_.query.parts.emplace_back(name);
  }

  // `::` at the cursor: after a name, its next part follows; after template arguments, a member
  // of a specialisation (unknown here); at the start, the global namespace.
  void chain_scope(const NameChain& before, bool after_angles) {
    c_.pos += 2;
    if (before.active && !before.wants_name) {
      chain_ = before;
    } else {
      chain_ = {};
      chain_.query.global = !after_angles;
      chain_.unknown = after_angles;
    }
    chain_.active = chain_.wants_name = true;
  }

  // '.' or '->' at the cursor: a member of what comes before, named next.
  void chain_member(const NameChain& before) {
    chain_ = {};
    chain_.query.member = chain_.active = chain_.wants_name = true;
    chain_.query.arrow = c_.at("->");
    if (before.lone_identifier()) chain_.query.object = before.query.parts.front();
    c_.pos += chain_.query.arrow ? 2 : 1;
  }

  // After the identifier `name` that starts at `begin`: a raw string's prefix, or a name.
  bool after_name(std::string_view name, unsigned begin) {
    if (is_raw_string_prefix(name) && c_.at('"')) {
      skip_raw_string(c_, begin);
      return false;
    }
    if (name == "cld" && c_.next_significant_char() == '(') expr_.clds.push_back({begin, c_.pos});
    return true;
  }

  void open_bracket(char c, unsigned begin) {
    auto const depth = (container_ ? container_->depth : 0) + static_cast<unsigned>(open_.size());
    if (depth >= kMaxNesting)
      fail({begin, begin + 1},
           "brackets nested too deeply: at most " + std::to_string(kMaxNesting) + " levels");
    open_.push_back({c, begin, depth + 1});
    if (c == '<' && !expr_.template_arguments) {
      expr_.template_arguments = true;
      expr_.template_arguments_at = begin;
    }
    ++c_.pos;
  }

  // Closes the innermost bracket opened inside the expression; returns its opening character.
  char close_bracket(char c, unsigned begin, std::optional<Bracket> innermost) {
    if (!innermost)
      fail({begin, begin + 1},
           std::string("unbalanced '") + c + "': no matching '" + opening(c) + "'");
    if (open_.empty() || closing(open_.back().open) != c) fail_unbalanced(*innermost);
    open_.pop_back();
    ++c_.pos;
    return opening(c);
  }

  // The expression's span and text (its comments blanked, newlines kept), and its tree.
  Expr finish() {
    unsigned const begin = first_.value_or(c_.pos);
    unsigned const end = first_ ? last_ : c_.pos;
    expr_.span = {begin, end};
    expr_.text = std::string(c_.text.substr(begin, end - begin));
    for (Span const comment : comments_) {
      for (unsigned i = std::max(comment.begin, begin); i < std::min(comment.end, end); ++i) {
        char& ch = expr_.text[i - begin];
        if (ch != '\n' && ch != '\r') ch = ' ';
      }
    }
    if (first_) expr_.tree = evaluable_tree(expr_);
    return std::move(expr_);
  }

  Cursor& c_;
  std::optional<Bracket> container_;
  Expr expr_;
  std::vector<Bracket> open_;  // brackets opened inside the expression
  std::vector<Span> comments_;
  std::optional<unsigned> first_;  // the offset of the first token
  unsigned last_ = c_.pos;         // the end of the last token
  bool after_identifier_ = false;
  NameChain chain_;             // the name the last tokens spell
  bool closed_angles_ = false;  // the last token closed template arguments
};

}  // namespace

Expr scan_expression(Cursor& cursor, std::optional<Bracket> container) {
  return ExpressionScanner(cursor, container).scan();
}

void fail_unbalanced(Bracket bracket) {
  std::string message =
      std::string("unbalanced '") + bracket.open + "': no matching '" + closing(bracket.open) + "'";
  if (bracket.open == '<') message += " (in template arguments, put a comparison in parentheses)";
  fail({bracket.offset, bracket.offset + 1}, std::move(message));
}

}  // namespace tiletune::tool
