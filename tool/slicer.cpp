#include "slicer.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <set>
#include <vector>

namespace tiletune::tool {
namespace {

// The declaration that stands at namespace scope for `d`: a member's class, a template's
// template declaration, an instantiation's pattern. Null for locals and parameters, which are
// inside some other unit's text already.
const clang::Decl* unit_of(const clang::Decl* d) {
  if (!d) return nullptr;
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
    if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) d = t;
    else d = f;
  } else if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
    if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(r)) {
      if (!spec->isExplicitSpecialization()) d = spec->getSpecializedTemplate();
    } else if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) {
      d = t;
    }
  } else if (const auto* c = llvm::dyn_cast<clang::EnumConstantDecl>(d)) {
    d = llvm::cast<clang::Decl>(c->getDeclContext());
  } else if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) {
    if (!v->hasGlobalStorage() || v->isStaticLocal()) return nullptr;
  } else if (llvm::isa<clang::ParmVarDecl, clang::NonTypeTemplateParmDecl,
                       clang::TemplateTypeParmDecl>(d)) {
    return nullptr;
  }
  // Climb out of classes (members) and functions (local classes) to namespace scope.
  const clang::DeclContext* dc = d->getDeclContext();
  while (dc && !dc->isFileContext()) {
    if (llvm::isa<clang::FunctionDecl>(dc)) return nullptr;  // local to a function body
    d = llvm::cast<clang::Decl>(dc);
    if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d))
      if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) d = t;
    dc = d->getDeclContext();
    if (llvm::isa<clang::ClassTemplateDecl>(d)) dc = d->getDeclContext();
  }
  return d;
}

class Collector : public clang::RecursiveASTVisitor<Collector> {
 public:
  explicit Collector(std::set<const clang::Decl*>& found) : found_(found) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) { return add(e->getDecl()); }
  bool VisitMemberExpr(clang::MemberExpr* e) { return add(e->getMemberDecl()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) { return add(e->getConstructor()); }
  bool VisitUnresolvedLookupExpr(clang::UnresolvedLookupExpr* e) {
    for (const clang::NamedDecl* d : e->decls()) add(d);
    return true;
  }
  bool VisitTypeLoc(clang::TypeLoc tl) {
    const clang::Type* t = tl.getTypePtr();
    if (const auto* td = t->getAs<clang::TypedefType>()) add(td->getDecl());
    if (const clang::TagDecl* tag = t->getAsTagDecl()) add(tag);
    if (const auto* ts = llvm::dyn_cast<clang::TemplateSpecializationType>(t))
      add(ts->getTemplateName().getAsTemplateDecl());
    return true;
  }

 private:
  bool add(const clang::Decl* d) {
    if (d) found_.insert(d);
    return true;
  }
  std::set<const clang::Decl*>& found_;
};

class Slicer {
 public:
  Slicer(clang::ASTContext& context, Reporter& report)
      : context_(context), sm_(context.getSourceManager()), report_(report) {}

  std::optional<std::string> run(const clang::FunctionDecl* kernel) {
    std::vector<const clang::Decl*> work{unit_of(kernel)};
    while (!work.empty()) {
      const clang::Decl* unit = work.back();
      work.pop_back();
      if (!unit || !from_user_file(unit) || !units_.insert(unit).second) continue;
      for (const clang::Decl* piece : pieces_of(unit)) {
        std::set<const clang::Decl*> used;
        Collector(used).TraverseDecl(const_cast<clang::Decl*>(piece));
        for (const clang::Decl* d : used) work.push_back(unit_of(d));
      }
    }
    return emit();
  }

 private:
  bool from_user_file(const clang::Decl* d) const {
    clang::SourceLocation loc = sm_.getExpansionLoc(d->getLocation());
    if (loc.isInvalid() || sm_.isInSystemHeader(loc)) return false;
    // tiletune's own header declares nothing a kernel uses.
    for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
        if (ns->getName() == "tiletune" && ns->getParent()->isTranslationUnit()) return false;
    return true;
  }

  // Every declaration of the unit in the user's files (a prototype and its definition, say), so
  // the slice declares things in the order the file does.
  std::vector<const clang::Decl*> pieces_of(const clang::Decl* unit) const {
    std::vector<const clang::Decl*> pieces;
    for (const clang::Decl* r : unit->redecls())
      if (from_user_file(r)) pieces.push_back(r);
    return pieces;
  }

  std::string text_of(const clang::Decl* d) const {
    clang::SourceRange range = d->getSourceRange();
    clang::SourceLocation begin = sm_.getExpansionLoc(range.getBegin());
    clang::SourceLocation end = sm_.getExpansionRange(range.getEnd()).getEnd();
    const clang::LangOptions& lang = context_.getLangOpts();
    std::string text =
        clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(begin, end), sm_, lang)
            .str();
    std::optional<clang::Token> next = clang::Lexer::findNextToken(end, sm_, lang);
    if (next && next->is(clang::tok::semi)) text += ';';
    return text;
  }

  static std::vector<const clang::NamespaceDecl*> namespaces_of(const clang::Decl* d) {
    std::vector<const clang::NamespaceDecl*> chain;
    for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) chain.push_back(ns);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  std::optional<std::string> emit() const {
    std::vector<const clang::Decl*> pieces;
    for (const clang::Decl* unit : units_)
      for (const clang::Decl* piece : pieces_of(unit)) pieces.push_back(piece);
    std::sort(pieces.begin(), pieces.end(), [&](const clang::Decl* a, const clang::Decl* b) {
      return sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(a->getBeginLoc()),
                                           sm_.getExpansionLoc(b->getBeginLoc()));
    });

    std::string out = "// Device source sliced by tiletune.\n";
    std::vector<const clang::NamespaceDecl*> open;
    for (const clang::Decl* piece : pieces) {
      std::vector<const clang::NamespaceDecl*> want = namespaces_of(piece);
      std::size_t common = 0;
      while (common < open.size() && common < want.size() &&
             open[common]->getFirstDecl() == want[common]->getFirstDecl())
        ++common;
      for (std::size_t i = open.size(); i > common; --i) out += "}\n";
      for (std::size_t i = common; i < want.size(); ++i) {
        const clang::NamespaceDecl* ns = want[i];
        out += ns->isInline() ? "inline namespace " : "namespace ";
        out += ns->isAnonymousNamespace() ? std::string() : ns->getNameAsString() + " ";
        out += "{\n";
      }
      open = want;
      clang::PresumedLoc where = sm_.getPresumedLoc(sm_.getExpansionLoc(piece->getBeginLoc()));
      out += "#line " + std::to_string(where.getLine()) + " \"" + where.getFilename() + "\"\n";
      out += std::string(where.getColumn() - 1, ' ') + text_of(piece) + "\n";
    }
    for (std::size_t i = open.size(); i > 0; --i) out += "}\n";
    return out;
  }

  clang::ASTContext& context_;
  const clang::SourceManager& sm_;
  Reporter& report_;
  std::set<const clang::Decl*> units_;
};

}  // namespace

std::optional<std::string> slice_kernel(const clang::FunctionDecl* kernel,
                                        clang::ASTContext& context, Reporter& report) {
  return Slicer(context, report).run(kernel);
}

}  // namespace tiletune::tool
