// What the slicer needs from the preprocessor, which the AST no longer shows: every macro
// expanded or tested (#ifdef, defined()) and where, and every #include as the user wrote it, so a
// declaration from a toolkit header maps back to the include that brought it in.
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/PPCallbacks.h>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace clang {
class MacroInfo;
class SourceManager;
}  // namespace clang

namespace tiletune::tool {

struct MacroUse {
  clang::SourceLocation at;  // the file location the use expands at
  std::string name;
  const clang::MacroInfo* macro = nullptr;  // the definition in force there
};

// A conditional group (#if ... #endif) at the preprocessor's top level or inside ones that do
// not test the device compiler's macros, one of whose conditions does (__CUDA_ARCH__,
// __CUDACC_RTC__): the parse, a host compilation, took its host branch, so the slice keeps the
// whole group for NVRTC to choose. [begin, end) spans its lines in `file`.
struct DeviceConditional {
  clang::FileID file;
  unsigned begin = 0, end = 0;

  bool contains(const clang::SourceManager& sm, clang::SourceLocation at) const;
};

// An identifier in text the parse skipped in a user file that names no macro in force there: in a
// device branch (`#if __CUDA_ARCH__ >= 800`), what NVRTC compiles and the host parse never saw.
struct SkippedName {
  clang::SourceLocation at;
  std::string name;
};

struct IncludeDirective {
  std::string name;  // as written between <> or ""
  bool angled = false;
};

class PreprocessorRecord : public clang::PPCallbacks {
 public:
  using Location = clang::SourceLocation;
  using Range = clang::SourceRange;

  explicit PreprocessorRecord(const clang::SourceManager& sm) : sm_(sm) {}

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition,
                    clang::SourceRange range, const clang::MacroArgs* args) override;
  void Defined(const clang::Token& name, const clang::MacroDefinition& definition,
               clang::SourceRange range) override;
  void Ifdef(clang::SourceLocation at, const clang::Token& name,
             const clang::MacroDefinition& definition) override;
  void Ifndef(clang::SourceLocation at, const clang::Token& name,
              const clang::MacroDefinition& definition) override;
  void InclusionDirective(clang::SourceLocation hash, const clang::Token& include_token,
                          llvm::StringRef file_name, bool angled,
                          clang::CharSourceRange file_name_range, clang::OptionalFileEntryRef file,
                          llvm::StringRef search_path, llvm::StringRef relative_path,
                          const clang::Module* suggested_module, bool module_imported,
                          clang::SrcMgr::CharacteristicKind file_type) override;

  void If(clang::SourceLocation at, clang::SourceRange condition,
          ConditionValueKind value) override;
  void Elif(clang::SourceLocation at, clang::SourceRange condition, ConditionValueKind value,
            clang::SourceLocation if_at) override;
  void Elifdef(clang::SourceLocation at, const clang::Token& name,
               const clang::MacroDefinition& definition) override;
  void Elifndef(clang::SourceLocation at, const clang::Token& name,
                const clang::MacroDefinition& definition) override;
  // Called instead of the two above where an earlier branch was taken (the directive is not
  // evaluated): the group records the condition's text, as for #elif.
  void Elifdef(Location, Range condition, Location) override {
    continue_group(condition_text(condition));
  }
  void Elifndef(Location, Range condition, Location) override {
    continue_group(condition_text(condition));
  }
  void Endif(clang::SourceLocation at, clang::SourceLocation if_at) override;
  void MacroDefined(const clang::Token& name, const clang::MacroDirective* directive) override;
  void MacroUndefined(const clang::Token& name, const clang::MacroDefinition& definition,
                      const clang::MacroDirective* undef) override;
  void SourceRangeSkipped(clang::SourceRange skipped, clang::SourceLocation endif_at) override;

  // Every macro use, including the names in text the parse skipped in the user's files (a device
  // branch) that name a macro defined before them: NVRTC may expand those.
  const std::vector<MacroUse>& macro_uses() const { return uses_; }
  // Those at offsets [begin, end) of `file`, in the same order: a slice's few, without a walk of
  // every use in the translation unit for each of its chunks.
  std::vector<const MacroUse*> macro_uses_in(clang::FileID file, unsigned begin,
                                             unsigned end) const;
  // The other names in that skipped text, members (after `.`, `->`) left out.
  const std::vector<SkippedName>& skipped_names() const { return skipped_names_; }
  // The ranges of `file` the parse skipped, as file offsets [begin, end), each from a conditional
  // directive to the one that ends the skipping; in a user file only.
  const std::vector<std::pair<unsigned, unsigned>>& skipped_ranges(clang::FileID file) const;
  const std::vector<DeviceConditional>& device_conditionals() const { return device_groups_; }
  // The outermost device conditional around `at`, or null.
  const DeviceConditional* device_conditional_at(clang::SourceLocation at) const;

  // The #include that brought in `included`, by the file and line it was written on; null for a
  // file entered another way (the compiler's own -include, the main file).
  const IncludeDirective* directive_for(clang::FileID included) const;

 private:
  void record(const clang::Token& name, const clang::MacroDefinition& definition);
  // The name an #ifdef, #ifndef, #elifdef or #elifndef tests, its use recorded.
  llvm::StringRef tested_macro(const clang::Token& name, const clang::MacroDefinition& definition);
  void open_group(clang::SourceLocation at, llvm::StringRef tested);
  void continue_group(llvm::StringRef tested);
  bool names_device_macro(llvm::StringRef text, std::set<std::string>& seen) const;
  llvm::StringRef condition_text(clang::SourceRange condition) const;

  struct OpenGroup {
    clang::SourceLocation at;  // the #if
    bool tests_device_macro = false;
  };

  const clang::SourceManager& sm_;
  std::vector<MacroUse> uses_;
  // (file, offset, index into uses_) of each use with a place, sorted: made at the first
  // macro_uses_in, again if uses were recorded since.
  mutable std::vector<std::tuple<clang::FileID, unsigned, std::size_t>> uses_by_place_;
  mutable std::size_t uses_placed_ = 0;
  std::vector<SkippedName> skipped_names_;
  std::map<clang::FileID, std::vector<std::pair<unsigned, unsigned>>> skipped_ranges_;
  std::vector<OpenGroup> open_groups_;
  std::map<std::string, const clang::MacroInfo*> in_force_;  // so far; null once #undef'd
  std::vector<DeviceConditional> device_groups_;
  std::map<std::pair<unsigned, unsigned>, IncludeDirective> includes_;  // (includer, line)
};

}  // namespace tiletune::tool
