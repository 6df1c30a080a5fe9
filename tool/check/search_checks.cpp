#include "check/search_checks.h"

#include "annotation/search_values.h"
#include "check/nearest_name.h"
#include "search/search_strategies.h"

#include <llvm/ADT/StringExtras.h>

#include <string>

namespace tiletune::tool {

void check_search_options(const Annotation& a, SiteReporter& report) {
  std::string strategy;
  const detail::StrategyEntry* entry = nullptr;
  if (a.search) {
    strategy = std::string(trimmed(a.search->text));
    entry = detail::strategy_entry(strategy);
    if (!entry) {
      const std::string hint = nearest_name(strategy, search_strategy_names());
      report.error(a.search->span,
                   "unknown search strategy '" + strategy + "'" +
                       (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                       " (strategies: " + llvm::join(search_strategy_names(), ", ") + ")");
    }
  }
  if (a.budget) {
    const std::optional<double> seconds = budget_seconds(a.budget->text);
    if (!seconds)
      report.error(a.budget->span,
                   "'budget' is a time with its unit, such as 5s, 500ms or 2min; "
                   "not '" +
                       std::string(trimmed(a.budget->text)) + "'");
    else if (*seconds <= 0)
      report.error(a.budget->span, "'budget' must be more than no time at all");
  }
  if (a.seed) {
    const ExprNode* tree = a.seed->tree.get();
    if (!tree || tree->kind != ExprNode::Kind::Literal || tree->value < 0)
      report.error(a.seed->span, "'seed' is a whole number literal such as 42, not '" +
                                     std::string(trimmed(a.seed->text)) + "'");
    else if (entry && entry->seeding == detail::Seeding::unseeded)
      report.error(keyword_use(a, "seed")->name_span,
                   "'seed' chooses the sample, and search = " + strategy +
                       " draws none: remove one of them");
  }
}

}  // namespace tiletune::tool
