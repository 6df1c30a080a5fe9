#include "check/keyword_checks.h"

#include "annotation/keywords.h"
#include "check/nearest_name.h"

#include <llvm/ADT/StringExtras.h>

#include <map>
#include <string>
#include <vector>

namespace tiletune::tool {

void check_keywords(const Annotation& a, SiteReporter& report) {
  std::vector<std::string> known;
  for (const Keyword& k : kKeywords) known.emplace_back(k.name);
  std::map<std::string, const KeywordUse*> first;
  for (const KeywordUse& k : a.keywords) {
    if (!keyword_named(k.name)) {
      std::string hint = nearest_name(k.name, known);
      report.error(k.name_span, "unknown keyword '" + k.name + "'" +
                                    (hint.empty() ? "" : "; did you mean '" + hint + "'?") +
                                    " (valid keywords: " + llvm::join(known, ", ") + ")");
      continue;
    }
    auto [it, inserted] = first.emplace(k.name, &k);
    if (!inserted) {
      report.error(k.name_span, "keyword '" + k.name + "' is given more than once");
      report.note(it->second->name_span, "first given here");
    }
  }
  if (!a.space)
    report.error({0, 0},
                 "missing 'space': the annotation must say what to tune, e.g. "
                 "space = (tile = (64, 128, 256))");
  // Without them there is no launch to make: the runtime has no default grid or block.
  Span const call = a.call ? a.call->callee_span : Span{};
  if (!a.blocks)
    report.error(
        call, "missing 'blocks': the annotation must give the grid, e.g. blocks = cld(n, $tile)");
  if (!a.threads)
    report.error(call,
                 "missing 'threads': the annotation must give the block size, e.g. "
                 "threads = $tile");
}

}  // namespace tiletune::tool
