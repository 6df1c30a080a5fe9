#include "slice/declaration_units.h"

#include <clang/AST/DeclTemplate.h>

namespace tiletune::tool {
namespace {

// A function's template or its instantiation's pattern.
const clang::Decl* function_unit(const clang::FunctionDecl* f) {
  if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
  if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) return t;
  return f;
}

// A class's template, unless it is an explicit specialization, which is a unit of its own.
const clang::Decl* record_unit(const clang::CXXRecordDecl* r) {
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(r))
    return spec->isExplicitSpecialization() ? static_cast<const clang::Decl*>(r)
                                            : spec->getSpecializedTemplate();
  if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) return t;
  return r;
}

// `d` as a declaration that can stand in a unit's place, or null for one inside a function or a
// parameter list.
const clang::Decl* declaration_of(const clang::Decl* d) {
  if (const auto* shadow = llvm::dyn_cast<clang::UsingShadowDecl>(d)) d = shadow->getIntroducer();
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) return function_unit(f);
  if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d)) return record_unit(r);
  if (const auto* c = llvm::dyn_cast<clang::EnumConstantDecl>(d))
    return llvm::cast<clang::Decl>(c->getDeclContext());
  if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d))
    return !v->hasGlobalStorage() || v->isStaticLocal() ? nullptr : d;
  if (llvm::isa<clang::ParmVarDecl, clang::NonTypeTemplateParmDecl, clang::TemplateTypeParmDecl,
                clang::TemplateTemplateParmDecl>(d))
    return nullptr;
  return d;
}

}  // namespace

const clang::Decl* unit_of(const clang::Decl* d) {
  if (!d) return nullptr;
  d = declaration_of(d);
  if (!d) return nullptr;
  // Climb out of classes (members) and functions (local classes) to namespace scope.
  const clang::DeclContext* dc = d->getDeclContext();
  while (dc && !dc->isFileContext()) {
    if (llvm::isa<clang::FunctionDecl>(dc)) return nullptr;  // local to a function body
    d = llvm::cast<clang::Decl>(dc);
    if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d))
      if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) d = t;
    dc = d->getDeclContext();
  }
  return d;
}

bool compiler_builtin(const clang::Decl* d) {
  const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d);
  return f && f->isImplicit() && f->getBuiltinID() != 0;
}

bool from_user_file(const clang::SourceManager& sm, const clang::Decl* d) {
  if (compiler_builtin(d)) return false;
  clang::SourceLocation loc = sm.getExpansionLoc(d->getLocation());
  if (loc.isInvalid() || sm.isInSystemHeader(loc) || !sm.getFileEntryRefForID(sm.getFileID(loc)))
    return false;
  // tiletune's own header declares nothing a kernel uses.
  for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getName() == "tiletune" && ns->getParent()->isTranslationUnit()) return false;
  return true;
}

std::vector<const clang::Decl*> pieces_of(const clang::SourceManager& sm, const clang::Decl* unit) {
  std::vector<const clang::Decl*> pieces;
  for (const clang::Decl* r : unit->redecls())
    if (from_user_file(sm, r)) pieces.push_back(r);
  return pieces;
}

std::vector<const clang::Decl*> companions_of(const clang::SourceManager& sm,
                                              const clang::Decl* piece,
                                              std::set<const clang::Decl*>& out_of_line) {
  std::vector<const clang::Decl*> out;
  const clang::CXXRecordDecl* record = llvm::dyn_cast<clang::CXXRecordDecl>(piece);
  if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(piece)) {
    record = t->getTemplatedDecl();
    llvm::SmallVector<clang::ClassTemplatePartialSpecializationDecl*, 4> partials;
    const_cast<clang::ClassTemplateDecl*>(t)->getPartialSpecializations(partials);
    for (const auto* p : partials) out.push_back(p);
    for (const auto* s : t->specializations())
      if (s->isExplicitSpecialization()) out.push_back(s);
  }
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(piece))
    for (const auto* s : t->specializations())
      if (s->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization) out.push_back(s);
  if (record && record->hasDefinition()) {
    for (const clang::Decl* member : record->decls())
      for (const clang::Decl* r : member->redecls())
        if (r->isOutOfLine() && from_user_file(sm, r)) out_of_line.insert(r);
  }
  return out;
}

bool in_namespace_std(const clang::Decl* d) {
  for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getParent()->getRedeclContext()->isTranslationUnit()) return ns->isStdNamespace();
  return false;
}

}  // namespace tiletune::tool
