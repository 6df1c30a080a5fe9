#include "slice/file_scan.h"

#include "slice/declaration_units.h"

namespace tiletune::tool {
namespace {

void add_using_directives(const clang::SourceManager& sm, const clang::DeclContext* dc,
                          std::vector<const clang::UsingDirectiveDecl*>& out) {
  for (const clang::Decl* d : dc->decls()) {
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
      if (from_user_file(sm, ns)) add_using_directives(sm, ns, out);
      continue;
    }
    const auto* directive = llvm::dyn_cast<clang::UsingDirectiveDecl>(d);
    if (directive && from_user_file(sm, directive)) out.push_back(directive);
  }
}

}  // namespace

const std::map<const clang::VarDecl*, SymbolAccess>& FileScan::host_symbol_accesses() const {
  if (!symbol_accesses_) symbol_accesses_ = tool::host_symbol_accesses(context_);
  return *symbol_accesses_;
}

const std::vector<const clang::UsingDirectiveDecl*>& FileScan::user_using_directives() const {
  if (!using_directives_)
    add_using_directives(context_.getSourceManager(), context_.getTranslationUnitDecl(),
                         using_directives_.emplace());
  return *using_directives_;
}

}  // namespace tiletune::tool
