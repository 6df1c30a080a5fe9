#include "preprocess/preprocessor_record.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Token.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

// The macros whose value differs between the host parse and NVRTC: __CUDA_ARCH__ and its
// relatives (__CUDA_ARCH_LIST__, __CUDA_ARCH_SPECIFIC__, ...), and NVRTC's own __CUDACC_RTC__.
bool tests_device_macro(llvm::StringRef condition) {
  return condition.contains("__CUDA_ARCH") || condition.contains("__CUDACC_RTC__");
}

// The offset of the start of the line `at` is on, and of the start of the next line.
unsigned line_begin(const clang::SourceManager& sm, clang::SourceLocation at) {
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(at));
  unsigned offset = sm.getFileOffset(at);
  while (offset > 0 && buffer[offset - 1] != '\n') --offset;
  return offset;
}

unsigned next_line(const clang::SourceManager& sm, clang::SourceLocation at) {
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(at));
  std::size_t newline = buffer.find('\n', sm.getFileOffset(at));
  return newline == llvm::StringRef::npos ? buffer.size() : newline + 1;
}

}  // namespace

bool DeviceConditional::contains(const clang::SourceManager& sm, clang::SourceLocation at) const {
  if (at.isInvalid() || sm.getFileID(at) != file) return false;
  unsigned offset = sm.getFileOffset(at);
  return offset >= begin && offset < end;
}

void PreprocessorRecord::record(const clang::Token& name,
                                const clang::MacroDefinition& definition) {
  const clang::MacroInfo* macro = definition.getMacroInfo();
  if (!macro || !name.getIdentifierInfo()) return;
  clang::SourceLocation at = sm_.getExpansionLoc(name.getLocation());
  uses_.push_back({at, name.getIdentifierInfo()->getName().str(), macro});
}

llvm::StringRef PreprocessorRecord::tested_macro(const clang::Token& name,
                                                 const clang::MacroDefinition& definition) {
  record(name, definition);
  const clang::IdentifierInfo* id = name.getIdentifierInfo();
  return id ? id->getName() : llvm::StringRef();
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

void PreprocessorRecord::Ifdef(clang::SourceLocation at, const clang::Token& name,
                               const clang::MacroDefinition& definition) {
  open_group(at, tested_macro(name, definition));
}

void PreprocessorRecord::Ifndef(clang::SourceLocation at, const clang::Token& name,
                                const clang::MacroDefinition& definition) {
  open_group(at, tested_macro(name, definition));
}

void PreprocessorRecord::open_group(clang::SourceLocation at, llvm::StringRef tested) {
  std::set<std::string> seen;
  open_groups_.push_back({at, names_device_macro(tested, seen)});
}

// An #elif, #elifdef or #elifndef of the innermost open group.
void PreprocessorRecord::continue_group(llvm::StringRef tested) {
  std::set<std::string> seen;
  if (!open_groups_.empty() && names_device_macro(tested, seen))
    open_groups_.back().tests_device_macro = true;
}

// True when `text` names a device compiler macro itself or through the macros in force
// (`#define ON_DEVICE defined(__CUDA_ARCH__)` then `#if ON_DEVICE`), their bodies followed
// each macro once (`seen`), so a macro naming itself ends the search.
bool PreprocessorRecord::names_device_macro(llvm::StringRef text,
                                            std::set<std::string>& seen) const {
  if (tests_device_macro(text)) return true;
  const llvm::StringRef identifier_chars =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
  while (!text.empty()) {
    text = text.drop_until([&](char c) { return identifier_chars.contains(c); });
    llvm::StringRef name = text.take_while([&](char c) { return identifier_chars.contains(c); });
    text = text.drop_front(name.size());
    auto it = in_force_.find(name.str());
    if (it == in_force_.end() || !it->second || !seen.insert(it->first).second) continue;
    for (const clang::Token& token : it->second->tokens())
      if (const clang::IdentifierInfo* id = token.getIdentifierInfo())
        if (names_device_macro(id->getName(), seen)) return true;
  }
  return false;
}

void PreprocessorRecord::If(clang::SourceLocation at, clang::SourceRange condition,
                            ConditionValueKind) {
  open_group(at, condition_text(condition));
}

void PreprocessorRecord::Elif(clang::SourceLocation, clang::SourceRange condition,
                              ConditionValueKind, clang::SourceLocation) {
  continue_group(condition_text(condition));
}

void PreprocessorRecord::Elifdef(clang::SourceLocation, const clang::Token& name,
                                 const clang::MacroDefinition& definition) {
  continue_group(tested_macro(name, definition));
}

void PreprocessorRecord::Elifndef(clang::SourceLocation, const clang::Token& name,
                                  const clang::MacroDefinition& definition) {
  continue_group(tested_macro(name, definition));
}

void PreprocessorRecord::Endif(clang::SourceLocation at, clang::SourceLocation) {
  if (open_groups_.empty()) return;
  OpenGroup group = open_groups_.back();
  open_groups_.pop_back();
  if (!group.tests_device_macro || group.at.isMacroID() || at.isMacroID() ||
      sm_.getFileID(group.at) != sm_.getFileID(at))
    return;
  device_groups_.push_back({sm_.getFileID(at), line_begin(sm_, group.at), next_line(sm_, at)});
}

std::vector<const MacroUse*> PreprocessorRecord::macro_uses_in(clang::FileID file, unsigned begin,
                                                               unsigned end) const {
  if (uses_placed_ != uses_.size()) {
    uses_by_place_.clear();
    for (std::size_t i = 0; i < uses_.size(); ++i) {
      if (uses_[i].at.isInvalid()) continue;
      auto [in, offset] = sm_.getDecomposedLoc(uses_[i].at);
      uses_by_place_.emplace_back(in, offset, i);
    }
    std::sort(uses_by_place_.begin(), uses_by_place_.end());
    uses_placed_ = uses_.size();
  }
  auto first = std::lower_bound(uses_by_place_.begin(), uses_by_place_.end(),
                                std::make_tuple(file, begin, std::size_t{0}));
  std::vector<const MacroUse*> out;
  for (auto it = first;
       it != uses_by_place_.end() && std::get<0>(*it) == file && std::get<1>(*it) < end; ++it)
    out.push_back(&uses_[std::get<2>(*it)]);
  // The order of macro_uses(): where uses share a file, a later one may sit at an earlier place.
  std::sort(out.begin(), out.end());
  return out;
}

const DeviceConditional* PreprocessorRecord::device_conditional_at(clang::SourceLocation at) const {
  const DeviceConditional* outermost = nullptr;
  for (const DeviceConditional& group : device_groups_)
    if (group.contains(sm_, at) && (!outermost || group.begin < outermost->begin))
      outermost = &group;
  return outermost;
}

// The condition as written. Clang's range ends at the start of its last token, and either end
// lies in a macro expansion where the condition begins or ends with a macro (`#if ON_DEVICE`),
// so both are taken where they expand and the last token is included.
llvm::StringRef PreprocessorRecord::condition_text(clang::SourceRange condition) const {
  if (condition.isInvalid()) return {};
  clang::SourceLocation begin = sm_.getExpansionLoc(condition.getBegin());
  clang::SourceLocation end = sm_.getExpansionLoc(condition.getEnd());
  if (sm_.getFileID(begin) != sm_.getFileID(end)) return {};
  bool invalid = false;
  llvm::StringRef text = clang::Lexer::getSourceText(
      clang::CharSourceRange::getTokenRange(begin, end), sm_, clang::LangOptions(), &invalid);
  return invalid ? llvm::StringRef() : text;
}

void PreprocessorRecord::MacroDefined(const clang::Token& name,
                                      const clang::MacroDirective* directive) {
  if (const clang::IdentifierInfo* id = name.getIdentifierInfo())
    in_force_[id->getName().str()] = directive ? directive->getMacroInfo() : nullptr;
}

void PreprocessorRecord::MacroUndefined(const clang::Token& name, const clang::MacroDefinition&,
                                        const clang::MacroDirective*) {
  if (const clang::IdentifierInfo* id = name.getIdentifierInfo())
    in_force_[id->getName().str()] = nullptr;
}

// The names in skipped text of a user file (a device branch) that name a macro in force there:
// the text comes before any later definition, so what is in force now is what NVRTC would use.
void PreprocessorRecord::SourceRangeSkipped(clang::SourceRange skipped, clang::SourceLocation) {
  clang::SourceLocation at = skipped.getBegin();
  if (at.isInvalid() || at.isMacroID() || sm_.isInSystemHeader(at) ||
      !sm_.getFileEntryRefForID(sm_.getFileID(at)))
    return;
  clang::FileID file = sm_.getFileID(at);
  llvm::StringRef buffer = sm_.getBufferData(file);
  unsigned end =
      sm_.getFileID(skipped.getEnd()) == file ? sm_.getFileOffset(skipped.getEnd()) : buffer.size();
  skipped_ranges_[file].emplace_back(sm_.getFileOffset(at), end);
  clang::LangOptions lang;
  lang.CPlusPlus = true;
  clang::Lexer lexer(sm_.getLocForStartOfFile(file), lang, buffer.begin(),
                     buffer.begin() + sm_.getFileOffset(at), buffer.end());
  clang::Token token;
  bool member = false;  // the previous token was `.` or `->`
  while (!lexer.LexFromRawLexer(token) && sm_.getFileOffset(token.getLocation()) < end) {
    bool const after_member_access = member;
    member = token.isOneOf(clang::tok::period, clang::tok::arrow);
    if (!token.is(clang::tok::raw_identifier)) continue;
    auto it = in_force_.find(token.getRawIdentifier().str());
    if (it != in_force_.end() && it->second)
      uses_.push_back({token.getLocation(), it->first, it->second});
    else if (!after_member_access)
      skipped_names_.push_back({token.getLocation(), token.getRawIdentifier().str()});
  }
}

const std::vector<std::pair<unsigned, unsigned>>& PreprocessorRecord::skipped_ranges(
    clang::FileID file) const {
  static const std::vector<std::pair<unsigned, unsigned>> kNone;
  auto it = skipped_ranges_.find(file);
  return it == skipped_ranges_.end() ? kNone : it->second;
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
