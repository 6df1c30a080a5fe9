#include "slice/declaration_uses.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>

namespace tiletune::tool {
namespace {

class Collector : public clang::RecursiveASTVisitor<Collector> {
  using Base = clang::RecursiveASTVisitor<Collector>;

 public:
  Collector(std::vector<Use>& uses, const std::function<bool(const clang::Decl*)>& skipped)
      : uses_(uses), skipped_(skipped) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(clang::Decl* d) {
    if (skipped_ && d && skipped_(d)) return true;
    auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (f) functions_.push_back(f);
    bool ok = Base::TraverseDecl(d);
    if (f) functions_.pop_back();
    return ok;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    add(e->getFoundDecl(), e->getLocation());
    return add(e->getDecl(), e->getLocation());
  }
  bool VisitMemberExpr(clang::MemberExpr* e) { return add(e->getMemberDecl(), e->getMemberLoc()); }
  // `using std::min;`: the slice's copy of the declaration needs what it names.
  bool VisitUsingDecl(clang::UsingDecl* u) {
    for (const clang::UsingShadowDecl* shadow : u->shadows())
      add(shadow->getTargetDecl(), u->getLocation());
    // `using std::uint64_t;` names <cstdint>'s `using ::uint64_t;` in std, but Clang's shadow
    // points past it to the C typedef: the std declaration is the use that libcu++'s counterpart
    // (cuda::std::uint64_t) stands for.
    clang::NestedNameSpecifierLoc nns = u->getQualifierLoc();
    if (nns &&
        nns.getNestedNameSpecifier().getKind() == clang::NestedNameSpecifier::Kind::Namespace)
      if (const auto* ns =
              llvm::dyn_cast<clang::NamespaceDecl>(nns.castAsNamespaceAndPrefix().Namespace);
          ns != nullptr && ns->isStdNamespace())
        for (const clang::NamedDecl* found : ns->lookup(u->getDeclName()))
          if (llvm::isa<clang::UsingShadowDecl>(found)) add(found, u->getLocation());
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    return add(e->getConstructor(), e->getLocation());
  }
  bool VisitOverloadExpr(clang::OverloadExpr* e) {
    for (const clang::NamedDecl* d : e->decls()) add(d, e->getNameLoc(), e);
    return true;
  }
  bool VisitTypeLoc(clang::TypeLoc tl) {
    const clang::Type* t = tl.getTypePtr();
    clang::SourceLocation at = tl.getBeginLoc();
    if (const auto* u = llvm::dyn_cast<clang::UsingType>(t)) add(u->getDecl(), at);
    if (const auto* td = llvm::dyn_cast<clang::TypedefType>(t)) add(td->getDecl(), at);
    if (const clang::TagDecl* tag = t->getAsTagDecl()) add(tag, at);
    if (const auto* ts = llvm::dyn_cast<clang::TemplateSpecializationType>(t)) {
      add(ts->getTemplateName().getAsTemplateDecl(), at);
      // Named through a using-declaration (`using std::remove_reference_t;` in the user's
      // namespace): the slice needs that declaration too.
      add(ts->getTemplateName().getAsUsingShadowDecl(), at);
    }
    return true;
  }
  bool TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc& arg) {
    const clang::TemplateArgument& t = arg.getArgument();
    if (t.getKind() == clang::TemplateArgument::Template ||
        t.getKind() == clang::TemplateArgument::TemplateExpansion)
      add(t.getAsTemplateOrTemplatePattern().getAsTemplateDecl(), arg.getLocation());
    return Base::TraverseTemplateArgumentLoc(arg);
  }
  bool TraverseNestedNameSpecifierLoc(clang::NestedNameSpecifierLoc nns) {
    if (nns &&
        nns.getNestedNameSpecifier().getKind() == clang::NestedNameSpecifier::Kind::Namespace)
      if (const auto* alias =
              llvm::dyn_cast<clang::NamespaceAliasDecl>(nns.castAsNamespaceAndPrefix().Namespace))
        add(alias, nns.getLocalBeginLoc());
    return Base::TraverseNestedNameSpecifierLoc(nns);
  }

 private:
  bool add(const clang::Decl* d, clang::SourceLocation at,
           const clang::OverloadExpr* overloads = nullptr) {
    if (d) uses_.push_back({d, at, functions_.empty() ? nullptr : functions_.back(), overloads});
    return true;
  }
  std::vector<Use>& uses_;
  const std::function<bool(const clang::Decl*)>& skipped_;
  std::vector<const clang::FunctionDecl*> functions_;
};

}  // namespace

std::vector<Use> uses_in(const clang::Decl* piece,
                         const std::function<bool(const clang::Decl*)>& skipped) {
  std::vector<Use> uses;
  Collector(uses, skipped).TraverseDecl(const_cast<clang::Decl*>(piece));
  return uses;
}

}  // namespace tiletune::tool
