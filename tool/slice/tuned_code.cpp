#include "slice/tuned_code.h"

#include "annotation/parser.h"
#include "check/kernel_lookup.h"
#include "slice/declaration_units.h"
#include "slice/declaration_uses.h"

#include <set>

namespace tiletune::tool {

std::optional<TunedCode> TunedCode::find(const LookupIndex& lookup,
                                         const std::vector<SiteText>& sites) {
  const clang::SourceManager& sm = lookup.context().getSourceManager();
  TunedCode code(sm);
  std::vector<const clang::Decl*> pending;
  for (const SiteText& site : sites) {
    code.add({site.macro_begin, site.rparen});
    std::variant<Annotation, ParseError> parsed = parse_site_annotation(site);
    const auto* annotation = std::get_if<Annotation>(&parsed);
    if (!annotation || !annotation->call) continue;  // the site itself is refused
    std::vector<const clang::FunctionDecl*> kernels =
        find_functions(lookup, annotation->call->callee, site.macro_begin);
    if (kernels.empty()) return std::nullopt;
    pending.insert(pending.end(), kernels.begin(), kernels.end());
  }
  // The units the slice would take, as the slicer walks them: whole declarations at namespace
  // scope in the user's files (the toolkit's and the system's headers are not the user's to fix).
  std::set<const clang::Decl*> units;
  while (!pending.empty()) {
    const clang::Decl* unit = unit_of(pending.back());
    pending.pop_back();
    if (!unit || !from_user_file(sm, unit) || !units.insert(unit).second) continue;
    for (const clang::Decl* piece : pieces_of(sm, unit)) {
      code.add(piece->getSourceRange());
      for (const Use& use : uses_in(piece)) pending.push_back(use.decl);
    }
  }
  return code;
}

void TunedCode::add(clang::SourceRange range) {
  clang::SourceLocation begin = sm_->getExpansionLoc(range.getBegin());
  clang::SourceLocation end = sm_->getExpansionRange(range.getEnd()).getEnd();
  if (begin.isValid() && end.isValid()) ranges_.push_back({begin, end});
}

bool TunedCode::contains(clang::SourceLocation where) const {
  if (where.isInvalid()) return true;  // no location: nothing says it is elsewhere
  clang::SourceLocation at = sm_->getExpansionLoc(where);
  for (const clang::SourceRange& r : ranges_)
    if (!sm_->isBeforeInTranslationUnit(at, r.getBegin()) &&
        !sm_->isBeforeInTranslationUnit(r.getEnd(), at))
      return true;
  return false;
}

}  // namespace tiletune::tool
