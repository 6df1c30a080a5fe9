#include "check/kernel_lookup.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <set>

namespace tiletune::tool {
std::vector<std::string> enclosing_namespaces(clang::ASTContext& context,
                                              clang::SourceLocation site) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::vector<std::string> prefixes{""};
  const clang::DeclContext* dc = context.getTranslationUnitDecl();
  for (bool descended = true; descended;) {
    descended = false;
    for (const clang::Decl* d : dc->decls()) {
      const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d);
      if (!ns) continue;
      clang::SourceLocation begin = sm.getExpansionLoc(ns->getBeginLoc());
      clang::SourceLocation end = sm.getExpansionLoc(ns->getEndLoc());
      if (sm.isBeforeInTranslationUnit(site, begin) || sm.isBeforeInTranslationUnit(end, site))
        continue;
      prefixes.push_back(ns->getQualifiedNameAsString() + "::");
      dc = ns;
      descended = true;
      break;
    }
  }
  return prefixes;
}

namespace {

class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(std::string qualified) : qualified_(std::move(qualified)) {}

  bool VisitFunctionDecl(clang::FunctionDecl* f) {
    // Instantiations and specialisations belong to their template; count the template once.
    if (f->isTemplateInstantiation() || f->getTemplateSpecializationKind() != clang::TSK_Undeclared)
      return true;
    if (llvm::isa<clang::CXXMethodDecl>(f)) return true;
    if (f->getQualifiedNameAsString() != qualified_) return true;
    const clang::FunctionDecl* canonical = f->getCanonicalDecl();
    if (seen_.insert(canonical).second) found.push_back(canonical);
    return true;
  }

  std::vector<const clang::FunctionDecl*> found;

 private:
  std::string qualified_;
  std::set<const clang::FunctionDecl*> seen_;
};

}  // namespace

std::vector<const clang::FunctionDecl*> find_functions(clang::ASTContext& context,
                                                       const std::string& callee,
                                                       clang::SourceLocation site) {
  if (callee.rfind("::", 0) == 0) {
    Collector collector(callee.substr(2));
    collector.TraverseDecl(context.getTranslationUnitDecl());
    return collector.found;
  }
  std::vector<std::string> prefixes = enclosing_namespaces(context, site);
  for (auto it = prefixes.rbegin(); it != prefixes.rend(); ++it) {
    Collector collector(*it + callee);
    collector.TraverseDecl(context.getTranslationUnitDecl());
    if (!collector.found.empty()) return collector.found;
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
