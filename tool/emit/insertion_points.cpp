#include "emit/insertion_points.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>

namespace tiletune::tool {
namespace {

struct TopLevel {
  clang::SourceLocation begin, end;
};

// Written in a file the rewrite writes, where generated code can go.
bool written_by_rewrite(const clang::SourceManager& sm, const RewrittenHeaders& files,
                        clang::SourceLocation at) {
  return at.isValid() && at.isFileID() && files.rewrites(sm.getFileID(at));
}

std::vector<TopLevel> top_level(clang::ASTContext& context, const RewrittenHeaders& files) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::vector<TopLevel> out;
  for (const clang::Decl* d : context.getTranslationUnitDecl()->decls()) {
    clang::SourceLocation begin = declaration_begin(d);
    clang::SourceLocation end = sm.getExpansionRange(d->getEndLoc()).getEnd();
    if (end.isValid() && written_by_rewrite(sm, files, begin)) out.push_back({begin, end});
  }
  return out;
}

// `at` as a place in a rewritten file: in any other file, the #include that brings it.
clang::SourceLocation in_rewritten_file(const clang::SourceManager& sm,
                                        const RewrittenHeaders& files, clang::SourceLocation at) {
  at = sm.getExpansionLoc(at);
  while (at.isValid() && !written_by_rewrite(sm, files, at))
    at = sm.getIncludeLoc(sm.getFileID(at));
  return at;
}

// The end of the top-level declaration that holds `at`, or `at`.
clang::SourceLocation past_holder(const clang::SourceManager& sm, const std::vector<TopLevel>& tops,
                                  clang::SourceLocation at) {
  for (const TopLevel& t : tops)
    if (!sm.isBeforeInTranslationUnit(at, t.begin) && !sm.isBeforeInTranslationUnit(t.end, at))
      return t.end;
  return at;
}

// Where an explicit instantiation definition of `instance` is, if it is one.
clang::SourceLocation explicit_instantiation(const clang::FunctionDecl* instance) {
  for (const clang::DeclContext* dc = instance; dc != nullptr; dc = dc->getParent()) {
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc))
      if (f->getTemplateSpecializationKind() == clang::TSK_ExplicitInstantiationDefinition)
        return f->getPointOfInstantiation();
  }
  return {};
}

}  // namespace

clang::SourceLocation declaration_begin(const clang::Decl* d) {
  const clang::SourceManager& sm = d->getASTContext().getSourceManager();
  clang::SourceLocation begin = sm.getExpansionLoc(d->getBeginLoc());
  if (const auto* t = llvm::dyn_cast<clang::TemplateDecl>(d))
    if (t->getTemplatedDecl() != nullptr) d = t->getTemplatedDecl();
  if (const auto* declarator = llvm::dyn_cast<clang::DeclaratorDecl>(d)) {
    clang::SourceLocation outer = sm.getExpansionLoc(declarator->getOuterLocStart());
    if (outer.isValid() && sm.isBeforeInTranslationUnit(outer, begin)) begin = outer;
  }
  return begin;
}

const clang::Decl* top_level_decl_of(clang::ASTContext& context, const RewrittenHeaders& files,
                                     clang::SourceLocation at) {
  const clang::SourceManager& sm = context.getSourceManager();
  for (const clang::Decl* d : context.getTranslationUnitDecl()->decls()) {
    clang::SourceLocation begin = declaration_begin(d);
    clang::SourceLocation end = sm.getExpansionRange(d->getEndLoc()).getEnd();
    if (end.isInvalid() || !written_by_rewrite(sm, files, begin)) continue;
    if (!sm.isBeforeInTranslationUnit(at, begin) && !sm.isBeforeInTranslationUnit(end, at))
      return d;
  }
  return nullptr;
}

clang::SourceLocation specialisation_point(clang::ASTContext& context,
                                           const RewrittenHeaders& files, const clang::Decl* holder,
                                           const std::vector<const clang::Decl*>& named,
                                           const clang::FunctionDecl* instance) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::vector<TopLevel> tops = top_level(context, files);
  clang::SourceLocation after = past_holder(sm, tops, declaration_begin(holder));
  for (const clang::Decl* d : named) {
    if (const auto* tag = llvm::dyn_cast<clang::TagDecl>(d))
      if (const clang::TagDecl* definition = tag->getDefinition()) d = definition;
    clang::SourceLocation at = in_rewritten_file(sm, files, d->getBeginLoc());
    if (at.isInvalid()) continue;
    at = past_holder(sm, tops, at);
    if (sm.isBeforeInTranslationUnit(after, at)) after = at;
  }
  clang::SourceLocation next;
  for (const TopLevel& t : tops)
    if (sm.isBeforeInTranslationUnit(after, t.begin)) {
      next = t.begin;
      break;
    }
  // An explicit instantiation is no declaration at top level: the specialisation goes before its
  // line, if that comes first.
  clang::SourceLocation explicit_at =
      in_rewritten_file(sm, files, explicit_instantiation(instance));
  if (explicit_at.isValid() && sm.isBeforeInTranslationUnit(after, explicit_at) &&
      (next.isInvalid() || sm.isBeforeInTranslationUnit(explicit_at, next))) {
    unsigned const column = sm.getPresumedColumnNumber(explicit_at);
    return explicit_at.getLocWithOffset(1 - static_cast<int>(column));
  }
  return next;
}

}  // namespace tiletune::tool
