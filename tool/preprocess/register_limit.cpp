#include "preprocess/register_limit.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclTemplate.h>

namespace tiletune::tool {

std::optional<clang::SourceLocation> register_limit(const clang::FunctionDecl* kernel,
                                                    const PreprocessorRecord& preprocessor) {
  if (!kernel) return std::nullopt;
  const clang::SourceManager& sm = kernel->getASTContext().getSourceManager();
  for (const clang::FunctionDecl* d : kernel->redecls()) {
    // From `template <...>` (or the declaration's first token) to the name: where nvcc takes the
    // attribute.
    clang::SourceLocation begin = d->getOuterLocStart();
    if (const clang::FunctionTemplateDecl* t = d->getDescribedFunctionTemplate())
      begin = t->getBeginLoc();
    auto [file, from] = sm.getDecomposedLoc(sm.getExpansionLoc(begin));
    auto [name_file, to] = sm.getDecomposedLoc(sm.getExpansionLoc(d->getLocation()));
    if (file != name_file || from > to) continue;
    for (const MacroUse* use : preprocessor.macro_uses_in(file, from, to))
      if (use->name == "__maxnreg__") return use->at;
  }
  return std::nullopt;
}

}  // namespace tiletune::tool
