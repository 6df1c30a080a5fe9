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

  // A function's body counts as device code when the function is a kernel or __device__: a host
  // function's calls and objects do not.
  bool TraverseDecl(clang::Decl* d) {
    const auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (!f) return clang::RecursiveASTVisitor<DeviceBodies>::TraverseDecl(d);
    const clang::FunctionDecl* outer = in_;
    in_ = device_code(f) && f->hasBody() ? f : nullptr;
    const bool go_on = TraverseStmt(f->getBody());
    in_ = outer;
    return go_on;
  }

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

std::string foreign_virtual_call_error(const ForeignVirtualCall& call) {
  return "'" + call.in->getNameAsString() + "' calls the virtual function '" +
         call.method->getQualifiedNameAsString() +
         "' through a pointer or reference, on an object the tuned kernel does not make: an "
         "object's virtual table is in the module whose code made it, and the tuned kernel is "
         "compiled by NVRTC into a module of its own, where calling through another module's "
         "table faults the GPU; make the objects in the tuned kernel's own code, or call a "
         "non-virtual function (a switch on a type tag)";
}

}  // namespace tiletune::tool
