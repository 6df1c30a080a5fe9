#include "slice/symbol_writes.h"

#include "slice/internal_symbols.h"

#include <clang/AST/GlobalDecl.h>
#include <clang/AST/Mangle.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string_view>
#include <vector>

namespace tiletune::tool {
namespace {

// The runtime API's calls that name a symbol, and which argument is the symbol.
int symbol_argument(std::string_view function) {
  if (function == "cudaMemcpyToSymbol" || function == "cudaMemcpyToSymbolAsync") return 0;
  if (function == "cudaMemcpyFromSymbol" || function == "cudaMemcpyFromSymbolAsync" ||
      function == "cudaGetSymbolAddress")
    return 1;
  return -1;
}

const clang::VarDecl* variable_in(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e))
    if (unary->getOpcode() == clang::UO_AddrOf) e = unary->getSubExpr()->IgnoreParenImpCasts();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
    return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  return nullptr;
}

class Finder : public clang::RecursiveASTVisitor<Finder> {
 public:
  explicit Finder(std::map<const clang::VarDecl*, SymbolAccess>& found) : found_(found) {}

  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier()) return true;
    int index = symbol_argument(callee->getName());
    if (index < 0 || static_cast<unsigned>(index) >= call->getNumArgs()) return true;
    if (const clang::VarDecl* v = variable_in(call->getArg(static_cast<unsigned>(index))))
      found_.try_emplace(v->getCanonicalDecl(),
                         SymbolAccess{call->getBeginLoc(), callee->getName().str()});
    return true;
  }

 private:
  std::map<const clang::VarDecl*, SymbolAccess>& found_;
};

// The Itanium mangling of a variable of namespace scope that the slice gave external linkage
// (internal_symbols.h): its namespaces (an anonymous one by the name the slice gives it), then its
// name; none at global scope or in an extern "C" block.
std::string externalized_name(const clang::VarDecl* v) {
  const std::string name = v->getName().str();
  if (v->isInExternCContext()) return name;
  std::vector<std::string> scopes;
  for (const clang::DeclContext* dc = v->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      scopes.push_back(ns->isAnonymousNamespace() ? kUnnamedNamespaceName : ns->getNameAsString());
  if (scopes.empty()) return name;
  std::string out = "_ZN";
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    out += std::to_string(it->size()) + *it;
  return out + std::to_string(name.size()) + name + "E";
}

}  // namespace

std::map<const clang::VarDecl*, SymbolAccess> host_symbol_accesses(clang::ASTContext& context) {
  std::map<const clang::VarDecl*, SymbolAccess> found;
  Finder finder(found);
  const clang::SourceManager& sm = context.getSourceManager();
  for (clang::Decl* d : context.getTranslationUnitDecl()->decls()) {
    clang::SourceLocation at = sm.getExpansionLoc(d->getLocation());
    if (at.isInvalid() || sm.isInSystemHeader(at)) continue;
    finder.TraverseDecl(d);
  }
  return found;
}

std::string lowered_name(const clang::VarDecl* v, clang::ASTContext& context) {
  if (!v->isExternallyVisible()) return externalized_name(v);
  std::unique_ptr<clang::MangleContext> mangle(context.createMangleContext());
  if (!mangle->shouldMangleDeclName(v)) return v->getName().str();
  std::string name;
  llvm::raw_string_ostream out(name);
  mangle->mangleName(clang::GlobalDecl(v), out);
  return out.str();
}

std::string host_expression(const clang::VarDecl* v) {
  std::vector<std::string> scopes;
  for (const clang::DeclContext* dc = v->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (!ns->isAnonymousNamespace()) scopes.push_back(ns->getNameAsString());
  std::string out;
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) out += "::" + *it;
  return out + "::" + v->getNameAsString();
}

}  // namespace tiletune::tool
