#include "slice/launch_bounds_parameters.h"

#include "slice/declaration_units.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <tiletune/rules.h>

namespace tiletune::tool {
namespace {

// Whether the kernel's body names the kernel (a launch of itself): that name, spelled without the
// new template arguments, would no longer name it.
class NamesItself : public clang::RecursiveASTVisitor<NamesItself> {
 public:
  explicit NamesItself(const clang::Decl* unit) : unit_(unit->getCanonicalDecl()) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) { return !(found_ = is_kernel(e->getDecl())); }
  bool VisitOverloadExpr(clang::OverloadExpr* e) {
    for (const clang::NamedDecl* d : e->decls())
      if ((found_ = is_kernel(d))) return false;
    return true;
  }
  bool found() const { return found_; }

 private:
  bool is_kernel(const clang::NamedDecl* d) const {
    const clang::Decl* unit = d ? unit_of(d->getUnderlyingDecl()) : nullptr;
    return unit && unit->getCanonicalDecl() == unit_;
  }

  const clang::Decl* unit_;
  bool found_ = false;
};

const clang::FunctionDecl* definition_of(const clang::FunctionDecl* kernel) {
  const clang::FunctionDecl* definition = kernel->getDefinition();
  return definition ? definition : kernel;
}

bool can_take_parameters(const clang::FunctionDecl* kernel) {
  const clang::SourceManager& sm = kernel->getASTContext().getSourceManager();
  if (kernel->isExternC() || llvm::isa<clang::CXXMethodDecl>(kernel)) return false;
  const clang::Decl* unit = unit_of(kernel);
  for (const clang::Decl* r : unit->redecls()) {
    if (!from_user_file(sm, r) || r->getFriendObjectKind() != clang::Decl::FOK_None) return false;
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(r)) {
      if (!t->getTemplateParameters()->getLAngleLoc().isFileID()) return false;
    } else if (sm.getExpansionLoc(r->getBeginLoc()).isInvalid()) {
      return false;
    }
  }
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(unit))
    for (const clang::FunctionDecl* s : t->specializations())
      if (s->getTemplateSpecializationKind() != clang::TSK_ImplicitInstantiation) return false;
  NamesItself names(unit);
  names.TraverseStmt(definition_of(kernel)->getBody());
  return !names.found();
}

}  // namespace

std::string launch_bounds_parameters() {
  return std::string("int ") + rules::kMaxThreadsParameter + ", int " + rules::kMinBlocksParameter;
}

std::string launch_bounds_of_parameters() {
  return std::string("__launch_bounds__(") + rules::kMaxThreadsParameter + ", " +
         rules::kMinBlocksParameter + ")";
}

bool add_launch_bounds_parameters(const clang::FunctionDecl* kernel, SourceEdits& edits) {
  if (!can_take_parameters(kernel)) return false;
  const clang::SourceManager& sm = kernel->getASTContext().getSourceManager();
  const clang::Decl* unit = unit_of(kernel);
  for (const clang::Decl* r : unit->redecls()) {
    // On the same line as the declaration's own text: the slice's #line directives stay true.
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(r)) {
      const clang::TemplateParameterList* params = t->getTemplateParameters();
      edits.insert_before(params->getLAngleLoc().getLocWithOffset(1),
                          launch_bounds_parameters() + (params->size() ? ", " : ""));
    } else {
      edits.insert_before(sm.getExpansionLoc(r->getBeginLoc()),
                          "template <" + launch_bounds_parameters() + "> ");
    }
  }
  // Where the macro form writes its macro: before the definition's first declaration specifier.
  edits.insert_before(sm.getExpansionLoc(definition_of(kernel)->getInnerLocStart()),
                      launch_bounds_of_parameters() + " ");
  return true;
}

}  // namespace tiletune::tool
