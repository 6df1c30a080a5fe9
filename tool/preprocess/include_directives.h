// Every #include the preprocessor acted on, with the file it found: the rewrite points the ones
// that bring in a rewritten header at its copy (emit/rewritten_headers.h).
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/PPCallbacks.h>

#include <string>
#include <vector>

namespace clang {
class FileEntry;
class SourceManager;
}  // namespace clang

namespace tiletune::tool {

struct FoundInclude {
  clang::FileID includer;                  // the entry of the file that holds the directive
  clang::CharSourceRange directive;        // from the '#' to the end of the file's name
  const clang::FileEntry* file = nullptr;  // what it found (also when a guard skipped it)
  std::string path;                        // where: absolute, as the search found it
  bool angled = false;
};

class IncludeDirectives : public clang::PPCallbacks {
 public:
  explicit IncludeDirectives(const clang::SourceManager& sm) : sm_(sm) {}

  void InclusionDirective(clang::SourceLocation hash, const clang::Token& include_token,
                          llvm::StringRef file_name, bool angled,
                          clang::CharSourceRange file_name_range, clang::OptionalFileEntryRef file,
                          llvm::StringRef search_path, llvm::StringRef relative_path,
                          const clang::Module* suggested_module, bool module_imported,
                          clang::SrcMgr::CharacteristicKind file_type) override;

  // In the order the preprocessor met them; those in the compiler's own buffer (-include) too.
  const std::vector<FoundInclude>& found() const { return found_; }

 private:
  const clang::SourceManager& sm_;
  std::vector<FoundInclude> found_;
};

}  // namespace tiletune::tool
