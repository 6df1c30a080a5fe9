#include "slice/virtual_calls.h"

#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <vector>

namespace tiletune::tool {
namespace {

bool device_code(const clang::FunctionDecl* f) {
  return f->hasAttr<clang::CUDADeviceAttr>() || f->hasAttr<clang::CUDAGlobalAttr>();
}

// Whether the call `e` names is resolved at run time: a virtual function, not final, called
// unqualified on an object whose dynamic type the call does not know (through a pointer or a
// reference; not a variable or temporary of the class itself).
bool dispatches(const clang::MemberExpr* e, const clang::CXXMethodDecl* m) {
  if (!m->isVirtual() || e->hasQualifier() || m->hasAttr<clang::FinalAttr>() ||
      m->getParent()->hasAttr<clang::FinalAttr>())
    return false;
  if (e->isArrow()) return true;
  const clang::Expr* base = e->getBase()->IgnoreParenImpCasts();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(base))
    if (const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      return v->getType()->isReferenceType();
  return !llvm::isa<clang::MaterializeTemporaryExpr, clang::CXXTemporaryObjectExpr,
                    clang::CXXConstructExpr, clang::CXXBindTemporaryExpr>(base);
}

// The dispatching calls and the objects made, in the bodies of the device functions of a unit.
class DeviceBodies : public clang::RecursiveASTVisitor<DeviceBodies> {
 public:
  std::vector<ForeignVirtualCall> calls;
  std::vector<const clang::CXXRecordDecl*> made;

  bool TraverseFunctionDecl(clang::FunctionDecl* f) { return traverse(f); }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl* f) { return traverse(f); }
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl* f) { return traverse(f); }
  bool TraverseCXXDestructorDecl(clang::CXXDestructorDecl* f) { return traverse(f); }

  bool VisitMemberExpr(clang::MemberExpr* e) {
    if (!in_) return true;
    if (const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(e->getMemberDecl()))
      if (dispatches(e, m)) calls.push_back({e->getMemberLoc(), m, in_});
    return true;
  }

  bool VisitCXXNewExpr(clang::CXXNewExpr* e) {
    if (in_) add(e->getAllocatedType()->getAsCXXRecordDecl());
    return true;
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    if (in_) add(e->getConstructor()->getParent());
    return true;
  }

 private:
  // Visits `f`'s body as device code when it is (a kernel, or __device__): its calls and objects
  // count; a host function's do not.
  template <typename F>
  bool traverse(F* f) {
    const clang::FunctionDecl* outer = in_;
    in_ = device_code(f) && f->hasBody() ? f : nullptr;
    const bool go_on = TraverseStmt(f->getBody());
    in_ = outer;
    return go_on;
  }

  void add(const clang::CXXRecordDecl* r) {
    if (r && r->hasDefinition() && r->isPolymorphic()) made.push_back(r->getDefinition());
  }

  const clang::FunctionDecl* in_ = nullptr;
};

// Whether `made` is `base` or derives from it.
bool is_or_derives(const clang::CXXRecordDecl* made, const clang::CXXRecordDecl* base) {
  base = base->getDefinition();
  return base && (made == base || made->isDerivedFrom(base));
}

}  // namespace

std::optional<ForeignVirtualCall> foreign_virtual_call(const std::set<const clang::Decl*>& units) {
  DeviceBodies bodies;
  for (const clang::Decl* unit : units) bodies.TraverseDecl(const_cast<clang::Decl*>(unit));
  for (const ForeignVirtualCall& call : bodies.calls) {
    bool own = false;
    for (const clang::CXXRecordDecl* made : bodies.made)
      own = own || is_or_derives(made, call.method->getParent());
    if (!own) return call;
  }
  return std::nullopt;
}

}  // namespace tiletune::tool
