#include "slice/device_branch_names.h"

#include "slice/declaration_units.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/CharInfo.h>
#include <clang/Basic/SourceManager.h>

namespace tiletune::tool {
namespace {

// A host function (neither __device__ nor __global__, nor constexpr, which the slice makes
// __host__ __device__) or a host variable (no memory space, not a constant) is nothing device code
// can use.
bool host_only(const clang::NamedDecl* d) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d))
    return !f->hasAttr<clang::CUDADeviceAttr>() && !f->hasAttr<clang::CUDAGlobalAttr>() &&
           !f->isConstexpr();
  if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d))
    return !v->hasAttr<clang::CUDADeviceAttr>() && !v->hasAttr<clang::CUDAConstantAttr>() &&
           !v->hasAttr<clang::CUDASharedAttr>() && !v->isConstexpr() &&
           !v->getType().isConstQualified();
  return false;
}

// Whether the name at `at` is written `std::name` (or `::std::name`): what it means is then the
// standard library's, which the host parse declares whichever branch it took.
bool qualified_by_std(const clang::SourceManager& sm, clang::SourceLocation at) {
  auto [file, offset] = sm.getDecomposedLoc(at);
  llvm::StringRef before = sm.getBufferData(file).take_front(offset).rtrim();
  if (!before.consume_back("::")) return false;
  before = before.rtrim();
  if (!before.consume_back("std")) return false;
  return before.empty() || !(clang::isAsciiIdentifierContinue(before.back()));
}

const clang::FunctionDecl* function_of(const clang::Decl* piece) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(piece))
    return t->getTemplatedDecl();
  return llvm::dyn_cast<clang::FunctionDecl>(piece);
}

}  // namespace

DeviceBranchNames::DeviceBranchNames(clang::ASTContext& context,
                                     const PreprocessorRecord& preprocessor)
    : context_(context), preprocessor_(preprocessor) {
  for (const SkippedName& name : preprocessor.skipped_names())
    if (preprocessor.device_conditional_at(name.at) != nullptr)
      in_device_branches_.push_back(&name);
}

void DeviceBranchNames::index(const clang::DeclContext* dc) {
  const clang::SourceManager& sm = context_.getSourceManager();
  for (const clang::Decl* d : dc->decls()) {
    if (llvm::isa<clang::NamespaceDecl, clang::LinkageSpecDecl>(d)) {
      index(llvm::cast<clang::DeclContext>(d));
      continue;
    }
    const auto* named = llvm::dyn_cast<clang::NamedDecl>(d);
    if (!named || !named->getIdentifier() || !from_user_file(sm, named)) continue;
    by_name_.emplace(named->getName().str(), named);
    // An unscoped enum's enumerators are names at namespace scope too.
    if (const auto* e = llvm::dyn_cast<clang::EnumDecl>(d); e && !e->isScoped())
      for (const clang::EnumConstantDecl* c : e->enumerators())
        by_name_.emplace(c->getName().str(), c);
  }
}

std::vector<const clang::NamedDecl*> DeviceBranchNames::in_namespace_std(const std::string& name) {
  std::vector<const clang::NamedDecl*> found;
  clang::TranslationUnitDecl* tu = context_.getTranslationUnitDecl();
  for (const clang::NamedDecl* n : tu->lookup(&context_.Idents.get("std")))
    if (const auto* std_namespace = llvm::dyn_cast<clang::NamespaceDecl>(n))
      for (const clang::NamedDecl* d : std_namespace->lookup(&context_.Idents.get(name)))
        found.push_back(d);
  return found;
}

std::vector<Use> DeviceBranchNames::uses_in(const clang::Decl* piece) {
  std::vector<Use> uses;
  const clang::SourceManager& sm = context_.getSourceManager();
  clang::SourceLocation begin = sm.getExpansionLoc(piece->getBeginLoc());
  clang::SourceLocation end = sm.getExpansionLoc(piece->getEndLoc());
  if (begin.isInvalid() || end.isInvalid() || sm.getFileID(begin) != sm.getFileID(end)) return uses;
  const clang::FunctionDecl* in_function = function_of(piece);
  for (const SkippedName* skipped : in_device_branches_) {
    const SkippedName& name = *skipped;
    if (sm.getFileID(name.at) != sm.getFileID(begin) ||
        sm.isBeforeInTranslationUnit(name.at, begin) || sm.isBeforeInTranslationUnit(end, name.at))
      continue;
    if (!indexed_) {
      index(context_.getTranslationUnitDecl());
      indexed_ = true;
    }
    if (qualified_by_std(sm, name.at)) {
      for (const clang::NamedDecl* d : in_namespace_std(name.name))
        uses.push_back({d, name.at, in_function});
      continue;
    }
    auto [first, last] = by_name_.equal_range(name.name);
    for (auto it = first; it != last; ++it)
      if (!host_only(it->second)) uses.push_back({it->second, name.at, in_function});
  }
  return uses;
}

}  // namespace tiletune::tool
