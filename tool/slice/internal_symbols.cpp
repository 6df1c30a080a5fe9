#include "slice/internal_symbols.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

namespace tiletune::tool {
namespace {

// The `static` keyword in `v`'s declaration as written in its file (before its name), if there.
std::optional<clang::SourceRange> static_keyword(const clang::VarDecl* v) {
  const clang::ASTContext& context = v->getASTContext();
  const clang::SourceManager& sm = context.getSourceManager();
  clang::SourceLocation begin = v->getOuterLocStart();
  clang::SourceLocation name = v->getLocation();
  if (begin.isMacroID() || name.isMacroID() || sm.getFileID(begin) != sm.getFileID(name))
    return std::nullopt;
  clang::Lexer lexer(begin, context.getLangOpts(), sm.getCharacterData(begin),
                     sm.getCharacterData(begin), sm.getCharacterData(name));
  clang::Token token;
  while (!lexer.LexFromRawLexer(token) && token.getLocation() < name) {
    if (token.is(clang::tok::raw_identifier) && token.getRawIdentifier() == "static")
      return clang::SourceRange(token.getLocation(), token.getLocation());
  }
  return std::nullopt;
}

}  // namespace

bool slice_can_externalize(const clang::VarDecl* v) {
  return v->getDeclContext()->getRedeclContext()->isFileContext() &&
         !llvm::isa<clang::VarTemplateSpecializationDecl>(v) && !v->getDescribedVarTemplate();
}

bool externalize(const clang::VarDecl* v, SourceEdits& edits,
                 std::set<const clang::NamespaceDecl*>& unnamed, Reporter& report) {
  for (const clang::VarDecl* r : v->redecls()) {
    if (r->getStorageClass() != clang::SC_Static) continue;
    std::optional<clang::SourceRange> keyword = static_keyword(r);
    if (!keyword) {
      report.error(r->getLocation(),
                   "'" + r->getQualifiedNameAsString() +
                       "' is reached from host code through the runtime API and is `static`, "
                       "which tiletune leaves out of the tuned kernel's copy; write `static` in "
                       "the declaration itself, not through a macro");
      return false;
    }
    edits.replace(*keyword, "");
  }
  for (const clang::DeclContext* dc = v->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->isAnonymousNamespace()) unnamed.insert(ns->getFirstDecl());
  return true;
}

}  // namespace tiletune::tool
