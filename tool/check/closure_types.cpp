#include "check/closure_types.h"

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

bool names_closure_type(clang::ASTContext& context, const std::string& text,
                        clang::SourceLocation site) {
  llvm::StringRef t = llvm::StringRef(text).trim();
  if (!t.consume_front("decltype")) return false;
  t = t.ltrim();
  if (!t.consume_front("(") || !t.consume_back(")")) return false;
  t = t.trim();
  if (t.starts_with("[")) return true;  // a lambda written in place
  LambdaVariableFinder finder(context.getSourceManager(), t.str(), site);
  finder.TraverseDecl(context.getTranslationUnitDecl());
  return finder.found;
}

}  // namespace tiletune::tool
