#include "tuned_code.h"

#include "annotation/parser.h"
#include "check/kernel_lookup.h"
#include "slice/declaration_uses.h"

#include <clang/AST/DeclTemplate.h>

#include <set>

namespace tiletune::tool {
namespace {

// The declaration whose text a use depends on: a template's pattern, the definition.
const clang::Decl* defining(const clang::Decl* d) {
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
    return definition_or_first(f);
  }
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
    return definition_or_first(t->getTemplatedDecl());
  if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d))
    if (const clang::VarDecl* definition = v->getDefinition()) return definition;
  if (const auto* tag = llvm::dyn_cast<clang::TagDecl>(d))
    if (const clang::TagDecl* definition = tag->getDefinition()) return definition;
  return d;
}

// A declaration's text, with the `template <...>` before it.
clang::SourceRange written_range(const clang::Decl* d) {
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d))
    if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate())
      return t->getSourceRange();
  if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d))
    if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate())
      return t->getSourceRange();
  return d->getSourceRange();
}

}  // namespace

std::optional<TunedCode> TunedCode::find(clang::ASTContext& context,
                                         const std::vector<SiteText>& sites) {
  const clang::SourceManager& sm = context.getSourceManager();
  TunedCode code(sm);
  std::vector<const clang::Decl*> pending;
  for (const SiteText& site : sites) {
    code.add({site.macro_begin, site.rparen});
    std::variant<Annotation, ParseError> parsed = parse_annotation(site.text);
    const auto* annotation = std::get_if<Annotation>(&parsed);
    if (!annotation || !annotation->call) continue;  // the site itself is refused
    std::vector<const clang::FunctionDecl*> kernels =
        find_functions(context, annotation->call->callee, site.macro_begin);
    if (kernels.empty()) return std::nullopt;
    for (const clang::FunctionDecl* k : kernels) pending.push_back(definition_or_first(k));
  }
  std::set<const clang::Decl*> seen;
  while (!pending.empty()) {
    const clang::Decl* d = pending.back();
    pending.pop_back();
    // The toolkit's and the system's headers are not the user's to fix, nor the tool's to check.
    if (!seen.insert(d).second || sm.isInSystemHeader(sm.getExpansionLoc(d->getLocation())))
      continue;
    code.add(written_range(d));
    for (const Use& use : uses_in(d)) pending.push_back(defining(use.decl));
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
