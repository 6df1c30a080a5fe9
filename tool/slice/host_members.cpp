#include "slice/host_members.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <optional>
#include <string>

namespace tiletune::tool {
namespace {

// The function a member declaration declares: a method, a member function template's, a friend's.
const clang::FunctionDecl* function_of(const clang::Decl* d) {
  if (const auto* friend_decl = llvm::dyn_cast<clang::FriendDecl>(d))
    d = friend_decl->getFriendDecl();
  if (d == nullptr) return nullptr;
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
  return llvm::dyn_cast<clang::FunctionDecl>(d);
}

// A member function or friend function of a class that only host code can call, and whose absence
// changes nothing else of the class: not virtual (the vtable), not a destructor, copy or move
// constructor or assignment (what is trivial about the class).
bool host_only_member(const clang::FunctionDecl* f) {
  if (f == nullptr || f->isImplicit() || f->isDefaulted() || f->isDeleted() || f->isConstexpr())
    return false;
  if (f->hasAttr<clang::CUDADeviceAttr>() || f->hasAttr<clang::CUDAGlobalAttr>()) return false;
  const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f);
  if (m == nullptr) return f->getFriendObjectKind() != clang::Decl::FOK_None;
  if (m->isVirtual() || llvm::isa<clang::CXXDestructorDecl>(m)) return false;
  if (const auto* c = llvm::dyn_cast<clang::CXXConstructorDecl>(m);
      c && c->isCopyOrMoveConstructor())
    return false;
  return !m->isCopyAssignmentOperator() && !m->isMoveAssignmentOperator();
}

// The key a member function goes by, whatever names it: the canonical declaration of the pattern
// an instantiation comes from.
const clang::Decl* key_of(const clang::FunctionDecl* f) {
  if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
  return f->getCanonicalDecl();
}

// A class as the slice's piece declares it, or null for a piece that is none.
const clang::CXXRecordDecl* record_of(const clang::Decl* piece) {
  if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(piece))
    piece = t->getTemplatedDecl();
  const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(piece);
  return record && record->isThisDeclarationADefinition() ? record : nullptr;
}

// Where a member's text ends: after its last token, and after the `;` that ends a declaration.
std::optional<clang::SourceLocation> last_token_of(const clang::Decl* member) {
  const clang::ASTContext& context = member->getASTContext();
  const clang::SourceManager& sm = context.getSourceManager();
  clang::SourceLocation end = member->getEndLoc();
  if (end.isInvalid() || end.isMacroID()) return std::nullopt;
  std::optional<clang::Token> next = clang::Lexer::findNextToken(end, sm, context.getLangOpts());
  if (next && next->is(clang::tok::semi)) return next->getLocation();
  return end;
}

}  // namespace

bool HostMembers::skipped(const clang::Decl* d) const {
  if (d == nullptr || !llvm::isa<clang::CXXRecordDecl>(d->getLexicalDeclContext())) return false;
  const clang::FunctionDecl* f = function_of(d);
  return host_only_member(f) && !kept_.count(key_of(f));
}

const clang::Decl* HostMembers::keep(const clang::Decl* named) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(named))
    named = t->getTemplatedDecl();
  const auto* f = llvm::dyn_cast<clang::FunctionDecl>(named);
  if (f == nullptr) return nullptr;
  const auto* key = llvm::cast<clang::FunctionDecl>(key_of(f));
  if (!llvm::isa<clang::CXXRecordDecl>(key->getLexicalDeclContext()) || !host_only_member(key) ||
      !kept_.insert(key).second)
    return nullptr;
  if (const clang::FunctionTemplateDecl* t = key->getDescribedFunctionTemplate()) return t;
  return key;
}

void HostMembers::drop_from(const clang::Decl* piece, SourceEdits& edits) const {
  const clang::CXXRecordDecl* record = record_of(piece);
  if (record == nullptr) return;
  for (const clang::Decl* member : record->decls()) {
    if (member->isImplicit()) continue;
    if (llvm::isa<clang::CXXRecordDecl, clang::ClassTemplateDecl>(member)) {
      drop_from(member, edits);
      continue;
    }
    if (!skipped(member)) {
      mark_declared_only(member, edits);
      continue;
    }
    std::optional<clang::SourceLocation> last = last_token_of(member);
    if (!last) continue;
    // Its line breaks stay, so that the lines after it keep their numbers.
    clang::SourceRange range(member->getBeginLoc(), *last);
    std::string const text = edits.source_text(range);
    edits.replace(range, std::string(std::count(text.begin(), text.end(), '\n'), '\n'));
  }
}

// A host-only member that carried code names and that nothing defines (a detection idiom's
// `static char test(...)`, named only in sizeof): NVRTC refuses any host function, even one only
// declared, so the slice declares it for the device too, which names it as the host code does.
void HostMembers::mark_declared_only(const clang::Decl* member, SourceEdits& edits) const {
  const clang::FunctionDecl* f = function_of(member);
  if (f == nullptr || !host_only_member(f) || !kept_.count(key_of(f)) || f->isDefined()) return;
  if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate())
    for (const clang::FunctionDecl* s : t->specializations())
      if (s->isDefined()) return;
  edits.insert_before(f->getInnerLocStart(), "__host__ __device__ ");
}

bool HostMembers::dropped_out_of_line(const clang::Decl* d) const {
  const clang::FunctionDecl* f = function_of(d);
  return f != nullptr && f->isOutOfLine() && host_only_member(f) && !kept_.count(key_of(f));
}

}  // namespace tiletune::tool
