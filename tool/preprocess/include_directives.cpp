#include "preprocess/include_directives.h"

#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace tiletune::tool {

void IncludeDirectives::InclusionDirective(clang::SourceLocation hash, const clang::Token&,
                                           llvm::StringRef, bool angled,
                                           clang::CharSourceRange file_name_range,
                                           clang::OptionalFileEntryRef file, llvm::StringRef,
                                           llvm::StringRef, const clang::Module*, bool,
                                           clang::SrcMgr::CharacteristicKind) {
  if (!file) return;  // not found: Clang has said so
  hash = sm_.getExpansionLoc(hash);
  // `#include MACRO`: the name is the macro's use.
  clang::SourceLocation const end = sm_.getExpansionRange(file_name_range.getEnd()).getEnd();
  llvm::SmallString<256> path(file->getName());
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  found_.push_back({sm_.getFileID(hash),
                    file_name_range.isTokenRange()
                        ? clang::CharSourceRange::getTokenRange(hash, end)
                        : clang::CharSourceRange::getCharRange(hash, end),
                    &file->getFileEntry(), std::string(path), angled});
}

}  // namespace tiletune::tool
