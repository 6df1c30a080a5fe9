#include "preprocess/preprocessor_record.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Token.h>

namespace tiletune::tool {

void PreprocessorRecord::record(const clang::Token& name,
                                const clang::MacroDefinition& definition) {
  const clang::MacroInfo* macro = definition.getMacroInfo();
  if (!macro || !name.getIdentifierInfo()) return;
  clang::SourceLocation at = sm_.getExpansionLoc(name.getLocation());
  uses_.push_back({at, name.getIdentifierInfo()->getName().str(), macro});
}

void PreprocessorRecord::MacroExpands(const clang::Token& name,
                                      const clang::MacroDefinition& definition, clang::SourceRange,
                                      const clang::MacroArgs*) {
  record(name, definition);
}

void PreprocessorRecord::Defined(const clang::Token& name, const clang::MacroDefinition& definition,
                                 clang::SourceRange) {
  record(name, definition);
}

void PreprocessorRecord::Ifdef(clang::SourceLocation, const clang::Token& name,
                               const clang::MacroDefinition& definition) {
  record(name, definition);
}

void PreprocessorRecord::Ifndef(clang::SourceLocation, const clang::Token& name,
                                const clang::MacroDefinition& definition) {
  record(name, definition);
}

void PreprocessorRecord::InclusionDirective(clang::SourceLocation hash, const clang::Token&,
                                            llvm::StringRef file_name, bool angled,
                                            clang::CharSourceRange, clang::OptionalFileEntryRef,
                                            llvm::StringRef, llvm::StringRef, const clang::Module*,
                                            bool, clang::SrcMgr::CharacteristicKind) {
  clang::SourceLocation at = sm_.getExpansionLoc(hash);
  includes_[{sm_.getFileID(at).getHashValue(), sm_.getSpellingLineNumber(at)}] = {file_name.str(),
                                                                                  angled};
}

const IncludeDirective* PreprocessorRecord::directive_for(clang::FileID included) const {
  clang::SourceLocation from = sm_.getIncludeLoc(included);
  if (from.isInvalid()) return nullptr;
  from = sm_.getExpansionLoc(from);
  auto it = includes_.find({sm_.getFileID(from).getHashValue(), sm_.getSpellingLineNumber(from)});
  return it == includes_.end() ? nullptr : &it->second;
}

}  // namespace tiletune::tool
