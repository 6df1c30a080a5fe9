#include "emit/expression_code.h"

#include "annotation/evaluable_grammar.h"
#include "annotation/launch_expressions.h"

#include <algorithm>
#include <climits>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace tiletune::tool {
namespace {

// Collapses the whitespace of multi-line annotation text: an expression is one piece of a line.
std::string one_line(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

struct Edit {
  unsigned begin, end;
  std::string text;
};

// The expression's text with `$name` replaced by `value_of(name)`, cld by tiletune's, and the
// `names` edits made.
template <class ValueOf>
std::string substitute(const Expr& e, const ValueOf& value_of, std::vector<Edit> edits = {}) {
  for (const DollarRef& d : e.dollars)
    edits.push_back({d.span.begin, d.span.end, value_of(d.name)});
  for (const Span& c : e.clds) edits.push_back({c.begin, c.end, "::tiletune::cld"});
  std::sort(edits.begin(), edits.end(),
            [](const Edit& x, const Edit& y) { return x.begin < y.begin; });
  std::string out;
  unsigned at = e.span.begin;
  for (const Edit& edit : edits) {
    out += e.text.substr(at - e.span.begin, edit.begin - at);
    out += edit.text;
    at = edit.end;
  }
  out += e.text.substr(at - e.span.begin);
  return one_line(out);
}

}  // namespace

ExpressionCode::ExpressionCode(const CheckedSite& site, std::string axes_array, unsigned text_line)
    : site_(site), axes_array_(std::move(axes_array)), text_line_(text_line) {
  for_each_launch_expression(*site.annotation, [&](const Expr& e) {
    for (const DollarRef& d : e.dollars)
      if (std::find(dollar_names_.begin(), dollar_names_.end(), d.name) == dollar_names_.end())
        dollar_names_.push_back(d.name);
  });
}

Code ExpressionCode::runtime(const Expr& e) const {
  std::string text = substitute(e, [&](const std::string& name) {
    if (site_.literal) {
      int const axis = axis_index(name);
      std::string value = "tt_cfg[" + std::to_string(axis) + "]";
      // As the integer literal it stands for in the template arguments: an int where every value
      // fits one, so that `std::min(n / $b, 1024)` finds the overload the user's code would.
      return fits_int(axis) ? "int(" + value + ")" : value;
    }
    auto at = std::find(dollar_names_.begin(), dollar_names_.end(), name) - dollar_names_.begin();
    return "tt_cfg[" + axes_array_ + "[" + std::to_string(at) + "]]";
  });
  return Code(std::move(text), line_of(e));
}

Code ExpressionCode::where(const Expr& where) const {
  std::vector<Edit> names;
  auto parsed = where_tree(where);
  const auto* tree = std::get_if<std::shared_ptr<const ExprNode>>(&parsed);
  if (tree && *tree && site_.launches) {
    const std::map<unsigned, WhereName>& values = site_.launches->where_names;
    const std::vector<const ExprNode*> in_order = names_in(**tree);
    for (unsigned i = 0; i < in_order.size(); ++i) {
      auto found = values.find(i);
      if (found == values.end() || !found->second.value) continue;  // the checks refused it
      const long long value = *found->second.value;
      // The most negative value has no literal of its own.
      names.push_back({in_order[i]->span.begin, in_order[i]->span.end,
                       value == LLONG_MIN ? "(-9223372036854775807ll - 1)"
                                          : "(" + std::to_string(value) + "ll)"});
    }
  }
  std::string text = substitute(
      where,
      [&](const std::string& name) { return "tt_cfg[" + std::to_string(axis_index(name)) + "]"; },
      std::move(names));
  return Code(std::move(text), line_of(where));
}

Code ExpressionCode::first_config(const Expr& e) const {
  std::string text = substitute(e, [&](const std::string& name) {
    if (!site_.literal) return std::string("(1)");
    return "(" + std::to_string(site_.literal->configs.front()[axis_index(name)]) + ")";
  });
  return Code(std::move(text), line_of(e));
}

Code ExpressionCode::as_written(const Expr& e) const { return Code(one_line(e.text), line_of(e)); }

std::string ExpressionCode::with_dollars(const Expr& e) const {
  return substitute(e, [](const std::string& name) { return "$" + name; });
}

// The annotation has no #line inside it: its lines follow on from where its text starts.
unsigned ExpressionCode::line_of(const Expr& e) const {
  return text_line_ + line_breaks_before(*site_.site, e.span.begin);
}

bool ExpressionCode::fits_int(int axis) const {
  return std::all_of(site_.literal->configs.begin(), site_.literal->configs.end(),
                     [&](const std::vector<long long>& config) {
                       return config[axis] >= std::numeric_limits<int>::min() &&
                              config[axis] <= std::numeric_limits<int>::max();
                     });
}

int ExpressionCode::axis_index(const std::string& name) const {
  const std::vector<std::string>& axes = site_.literal->axes;
  return static_cast<int>(std::find(axes.begin(), axes.end(), name) - axes.begin());
}

}  // namespace tiletune::tool
