#include "check/closure_types.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

namespace tiletune::tool {
namespace {

// Finds a local variable named `name` that holds a lambda, in a function whose body holds `site`.
class LambdaVariableFinder : public clang::RecursiveASTVisitor<LambdaVariableFinder> {
 public:
  LambdaVariableFinder(const clang::SourceManager& sm, std::string name, clang::SourceLocation site)
      : sm_(sm), name_(std::move(name)), site_(site) {}

  bool VisitVarDecl(clang::VarDecl* v) {
    if (!v->isLocalVarDecl() || v->getName() != name_) return true;
    const clang::CXXRecordDecl* record = v->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (!record || !record->isLambda()) return true;
    const auto* f = llvm::dyn_cast<clang::FunctionDecl>(v->getParentFunctionOrMethod());
    if (!f || !f->getBody()) return true;
    clang::SourceLocation begin = sm_.getExpansionLoc(f->getBody()->getBeginLoc());
    clang::SourceLocation end = sm_.getExpansionLoc(f->getBody()->getEndLoc());
    if (!sm_.isBeforeInTranslationUnit(site_, begin) && !sm_.isBeforeInTranslationUnit(end, site_))
      found = true;
    return !found;
  }

  bool found = false;

 private:
  const clang::SourceManager& sm_;
  std::string name_;
  clang::SourceLocation site_;
};

}  // namespace

bool names_closure_type(const std::string& text, const clang::FunctionDecl* enclosing,
                        clang::SourceLocation site) {
  llvm::StringRef t = llvm::StringRef(text).trim();
  if (!t.consume_front("decltype")) return false;
  t = t.ltrim();
  if (!t.consume_front("(") || !t.consume_back(")")) return false;
  t = t.trim();
  if (t.starts_with("[")) return true;  // a lambda written in place
  // Every function whose body holds the site is the outermost one or inside its body.
  const clang::FunctionDecl* outermost = nullptr;
  for (const clang::DeclContext* dc = enclosing; dc != nullptr; dc = dc->getLexicalParent())
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc)) outermost = f;
  if (outermost == nullptr || !outermost->getBody()) return false;
  LambdaVariableFinder finder(outermost->getASTContext().getSourceManager(), t.str(), site);
  finder.TraverseStmt(outermost->getBody());
  return finder.found;
}

}  // namespace tiletune::tool
