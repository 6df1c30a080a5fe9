#include "slice/device_lambdas.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tiletune::tool {
namespace {

// Whether `f` runs on the device: __global__, or __device__ as written (not only the implicit
// __host__ __device__ Clang gives constexpr functions, whose host lambdas stay as they are).
bool device_function(const clang::FunctionDecl* f) {
  if (f->hasAttr<clang::CUDAGlobalAttr>()) return true;
  const auto* device = f->getAttr<clang::CUDADeviceAttr>();
  return device && !device->isImplicit();
}

class LambdaAnnotations : public clang::RecursiveASTVisitor<LambdaAnnotations> {
 public:
  explicit LambdaAnnotations(SourceEdits& edits) : edits_(edits) {}

  bool VisitLambdaExpr(clang::LambdaExpr* lambda) {
    const clang::CXXMethodDecl* call = lambda->getCallOperator();
    const clang::DeclContext* around = lambda->getLambdaClass()->getDeclContext();
    while (around && !around->isFunctionOrMethod()) around = around->getParent();
    const auto* enclosing = llvm::dyn_cast_or_null<clang::FunctionDecl>(around);
    // A lambda in a lambda: the outer lambda's operator() decides, as it does for nvcc.
    if (!call || !enclosing || !device_function(enclosing)) return true;
    for (const clang::Attr* a : call->attrs()) {
      if (a->isImplicit() || a->isInherited() || a->getLocation().isInvalid()) continue;
      if (!llvm::isa<clang::CUDADeviceAttr, clang::CUDAHostAttr>(a)) continue;
      const std::string text = edits_.source_text(a->getRange());
      if (text == "__device__" || text == "__host__") edits_.replace(a->getRange(), "");
    }
    return true;
  }

 private:
  SourceEdits& edits_;
};

}  // namespace

void drop_device_lambda_annotations(const clang::Decl* d, SourceEdits& edits) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
  if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) d = t->getTemplatedDecl();
  if (!llvm::isa<clang::FunctionDecl, clang::CXXRecordDecl>(d)) return;
  LambdaAnnotations(edits).TraverseDecl(const_cast<clang::Decl*>(d));
}

}  // namespace tiletune::tool
