#include "check/kernel_lookup.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

// A declaration's name as a call from an enclosing namespace writes it: C++ finds what an
// anonymous or inline namespace declares from the namespace around it, so those are left out
// (`namespace { __global__ void k(); }` is `k`, not `(anonymous namespace)::k`).
std::string written_qualified_name(const clang::NamedDecl* d) {
  clang::PrintingPolicy policy(d->getASTContext().getLangOpts());
  policy.SuppressUnwrittenScope = true;
  std::string out;
  llvm::raw_string_ostream os(out);
  d->printQualifiedName(os, policy);
  return out;
}

}  // namespace

std::vector<std::string> enclosing_namespaces(const LookupIndex& lookup,
                                              clang::SourceLocation site) {
  std::vector<std::string> prefixes{""};
  const clang::DeclContext* scope = lookup.context().getTranslationUnitDecl();
  while (const DeclarationExtents::Extent* holder = lookup.namespaces_in(scope).holding(site)) {
    const auto* ns = llvm::cast<clang::NamespaceDecl>(holder->what);
    // What an anonymous namespace declares is found from the one around it, already a prefix.
    if (!ns->isAnonymousNamespace()) prefixes.push_back(written_qualified_name(ns) + "::");
    scope = ns;
  }
  return prefixes;
}

namespace {

class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(
      std::unordered_map<std::string, std::vector<const clang::FunctionDecl*>>& by_name)
      : by_name_(by_name) {}

  bool VisitFunctionDecl(clang::FunctionDecl* f) {
    // Instantiations and specialisations belong to their template; count the template once.
    if (f->isTemplateInstantiation() || f->getTemplateSpecializationKind() != clang::TSK_Undeclared)
      return true;
    if (llvm::isa<clang::CXXMethodDecl>(f)) return true;
    std::vector<const clang::FunctionDecl*>& found = by_name_[written_qualified_name(f)];
    const clang::FunctionDecl* canonical = f->getCanonicalDecl();
    if (std::find(found.begin(), found.end(), canonical) == found.end()) found.push_back(canonical);
    return true;
  }

 private:
  std::unordered_map<std::string, std::vector<const clang::FunctionDecl*>>& by_name_;
};

}  // namespace

const std::vector<const clang::FunctionDecl*>& LookupIndex::functions_named(
    const std::string& qualified) const {
  if (!functions_) Collector(functions_.emplace()).TraverseDecl(context_.getTranslationUnitDecl());
  static const std::vector<const clang::FunctionDecl*> kNone;
  auto found = functions_->find(qualified);
  return found == functions_->end() ? kNone : found->second;
}

const DeclarationExtents& LookupIndex::namespaces_in(const clang::DeclContext* scope) const {
  auto found = namespaces_.find(scope);
  if (found != namespaces_.end()) return found->second;
  const clang::SourceManager& sm = context_.getSourceManager();
  std::vector<DeclarationExtents::Extent> extents;
  for (const clang::Decl* d : scope->decls())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d))
      extents.push_back(
          {sm.getExpansionLoc(ns->getBeginLoc()), sm.getExpansionLoc(ns->getEndLoc()), ns});
  return namespaces_.try_emplace(scope, sm, std::move(extents)).first->second;
}

std::vector<const clang::FunctionDecl*> find_functions(const LookupIndex& lookup,
                                                       const std::string& callee,
                                                       clang::SourceLocation site) {
  if (callee.rfind("::", 0) == 0) return lookup.functions_named(callee.substr(2));
  std::vector<std::string> prefixes = enclosing_namespaces(lookup, site);
  for (auto it = prefixes.rbegin(); it != prefixes.rend(); ++it) {
    const std::vector<const clang::FunctionDecl*>& found = lookup.functions_named(*it + callee);
    if (!found.empty()) return found;
  }
  return {};
}

const clang::FunctionDecl* definition_or_first(const clang::FunctionDecl* f) {
  if (const clang::FunctionDecl* d = f->getDefinition()) return d;
  if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) {
    for (const clang::RedeclarableTemplateDecl* r : t->redecls()) {
      const auto* f2 = llvm::cast<clang::FunctionTemplateDecl>(r)->getTemplatedDecl();
      if (f2->isThisDeclarationADefinition()) return f2;
    }
  }
  return f->getCanonicalDecl();
}

}  // namespace tiletune::tool
