#include "slice/gnu_arrays.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <string>

namespace tiletune::tool {
namespace {

class GnuArrays : public clang::RecursiveASTVisitor<GnuArrays> {
 public:
  explicit GnuArrays(const std::function<bool(const clang::Decl*)>& skipped) : skipped_(skipped) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(clang::Decl* d) {
    return d && skipped_(d) ? true : RecursiveASTVisitor::TraverseDecl(d);
  }

  bool VisitDeclaratorDecl(clang::DeclaratorDecl* d) {
    const clang::ASTContext& context = d->getASTContext();
    const clang::ArrayType* array = context.getAsArrayType(d->getType());
    if (array == nullptr || llvm::isa<clang::ParmVarDecl>(d)) return true;
    std::string const name = "'" + d->getQualifiedNameAsString() + "'";
    const char* const gnu =
        ", a GNU extension nvcc accepts and NVRTC (compiling the tuned kernel) "
        "refuses; ";
    if (llvm::isa<clang::FieldDecl>(d) && llvm::isa<clang::IncompleteArrayType>(array)) {
      objections.push_back({d->getLocation(),
                            name + " is a flexible array member" + gnu +
                                "reach the data through a pointer, or give the array a size",
                            {}});
    } else if (const auto* constant = llvm::dyn_cast<clang::ConstantArrayType>(array);
               constant && constant->getSize().isZero()) {
      objections.push_back({d->getLocation(),
                            name + " is an array of size zero" + gnu +
                                "give it a size of at least 1, or leave it out",
                            {}});
    }
    return true;
  }

  std::vector<Objection> objections;

 private:
  const std::function<bool(const clang::Decl*)>& skipped_;
};

}  // namespace

std::vector<Objection> gnu_array_objections(
    const clang::Decl* piece, const std::function<bool(const clang::Decl*)>& skipped) {
  GnuArrays arrays(skipped);
  arrays.TraverseDecl(const_cast<clang::Decl*>(piece));
  return arrays.objections;
}

}  // namespace tiletune::tool
