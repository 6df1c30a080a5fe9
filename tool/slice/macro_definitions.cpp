#include "slice/macro_definitions.h"

#include "slice/c_library_macros.h"
#include "slice/device_conditionals.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/Path.h>

#include <algorithm>

namespace tiletune::tool {

// Whether `where` is in the compiler's own buffer `name`: "<built-in>" (its predefined macros) or
// "<command line>" (-D).
static bool in_buffer(const clang::PresumedLoc& where, llvm::StringRef name) {
  return where.isValid() && llvm::StringRef(where.getFilename()) == name;
}

std::string MacroDefinitions::directives_for(const Chunk& chunk) {
  std::string out;
  for (const MacroUse* in_chunk : preprocessor_.macro_uses_in(chunk.file, chunk.begin, chunk.end)) {
    const MacroUse& use = *in_chunk;
    if (inside_device_defined_c_macro(use)) continue;
    auto it = defined_.find(use.name);
    if (it != defined_.end() && it->second == use.macro) continue;
    // Defined under #if __CUDA_ARCH__ and the like: the group goes in, for NVRTC to choose.
    if (const DeviceConditional* group =
            user_device_conditional_at(use.macro->getDefinitionLoc())) {
      if (it != defined_.end()) out += "#undef " + use.name + "\n";
      out += emit(*group);
      defined_[use.name] = use.macro;
      continue;
    }
    std::optional<std::string> define = define_of(use.name, use.macro);
    if (!define) continue;
    if (it != defined_.end()) out += "#undef " + use.name + "\n";
    out += *define;
    defined_[use.name] = use.macro;
  }
  return out;
}

std::string MacroDefinitions::device_include_conditionals() {
  const clang::SourceManager& sm = context_.getSourceManager();
  std::string out;
  for (const DeviceConditional& group : preprocessor_.device_conditionals()) {
    clang::SourceLocation begin = sm.getLocForStartOfFile(group.file).getLocWithOffset(group.begin);
    if (user_device_conditional_at(begin) == &group && includes_device_header(group, sm))
      out += emit(group);
  }
  return out;
}

const DeviceConditional* MacroDefinitions::device_conditional_around(const Chunk& chunk) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  const DeviceConditional* group =
      user_device_conditional_at(sm.getLocForStartOfFile(chunk.file).getLocWithOffset(chunk.begin));
  return group && has_other_branches(*group, sm) ? group : nullptr;
}

// Directives alone emitted earlier (for a macro it defines) only repeat identical definitions.
std::optional<std::string> MacroDefinitions::directives_for_whole(const DeviceConditional& group) {
  if (!emitted_whole_.insert(&group).second) return std::nullopt;
  emitted_.insert(&group);
  return directives_for(Chunk{group.file, group.begin, group.end, nullptr, {}});
}

// The outermost device conditional around `at` in a user file.
const DeviceConditional* MacroDefinitions::user_device_conditional_at(
    clang::SourceLocation at) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  if (at.isInvalid() || sm.isInSystemHeader(at) || !sm.getFileEntryRefForID(sm.getFileID(at)))
    return nullptr;
  return preprocessor_.device_conditional_at(at);
}

// The group once, after the macros its conditions use.
std::string MacroDefinitions::emit(const DeviceConditional& group) {
  if (!emitted_.insert(&group).second) return std::string();
  std::string out = directives_for(Chunk{group.file, group.begin, group.end, nullptr, {}});
  return out + directives_of(group, context_.getSourceManager());
}

// A C library macro expanded by the body of one the slice defines for the device (glibc's
// __ASSERT_FUNCTION in assert) is not needed: that body never reaches NVRTC. Nested uses are
// recorded at the outer macro's place, so a user's macro whose body uses assert shares its place:
// only a C library macro (from a system header) can be the inner one.
bool MacroDefinitions::inside_device_defined_c_macro(const MacroUse& use) const {
  clang::SourceLocation const defined_at = use.macro->getDefinitionLoc();
  if (device_definition_of_c_macro(use.name) || defined_at.isInvalid()) return false;
  // Or a compiler's predefined one (<float.h>'s FLT_MAX is __FLT_MAX__).
  const bool predefined =
      in_buffer(context_.getSourceManager().getPresumedLoc(defined_at), "<built-in>");
  if (!predefined &&
      (!context_.getSourceManager().isInSystemHeader(defined_at) || !from_c_library(defined_at)))
    return false;
  auto [file, offset] = context_.getSourceManager().getDecomposedLoc(use.at);
  for (const MacroUse* outer : preprocessor_.macro_uses_in(file, offset, offset + 1))
    if (outer->at == use.at && outer->name != use.name && device_definition_of_c_macro(outer->name))
      return true;
  return false;
}

void MacroDefinitions::add_headers_of_macros(const std::vector<Chunk>& chunks,
                                             SliceIncludes& includes) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  std::set<const MacroUse*> used;  // in the order of macro_uses()
  for (const Chunk& c : chunks)
    for (const MacroUse* use : preprocessor_.macro_uses_in(c.file, c.begin, c.end))
      used.insert(use);
  for (const MacroUse* in_chunks : used) {
    const MacroUse& use = *in_chunks;
    clang::SourceLocation at = use.macro->getDefinitionLoc();
    if (at.isInvalid() || !sm.isInSystemHeader(at)) continue;
    if (std::optional<std::string> header = libcu_header_of_c_macro(use.name);
        header && from_c_library(at))
      includes.add(*header);
    for (const std::string& header : origins_.origin_of(sm.getFileID(at)).toolkit_headers)
      includes.add(header);
  }
}

// The host compiler's predefined numeric limits and sizes (__FLT_MAX__, __DBL_EPSILON__,
// __INT_MAX__, __SIZEOF_POINTER__, ...), which GCC and Clang define and nvcc's device compilation
// sees, NVRTC 13.0 defines not ("identifier __FLT_MAX__ is undefined"): the slice defines one it
// expands, guarded, with the parse's value (the same on the device: IEEE types, LP64). Other
// predefined macros (__clang__, __x86_64__, __GNUC__, ...) say which host compiler ran, which is
// not NVRTC's to claim: left out, as before.
static std::optional<std::string> predefined_limit_define(const std::string& name,
                                                          const clang::MacroInfo* macro,
                                                          const clang::ASTContext& context) {
  static constexpr const char* kLimitFamilies[] = {
      "__FLT_",   "__DBL_",  "__LDBL_",    "__FLT16_", "__SIZEOF_",
      "__INT",    "__UINT",  "__SCHAR_",   "__SHRT_",  "__LONG_",
      "__WCHAR_", "__WINT_", "__PTRDIFF_", "__SIZE_",  "__CHAR_BIT__"};
  llvm::StringRef n(name);
  bool family = false;
  for (const char* prefix : kLimitFamilies) family = family || n.starts_with(prefix);
  if (!family || !macro->isObjectLike() || macro->getNumTokens() == 0) return std::nullopt;
  std::string body;
  for (const clang::Token& t : macro->tokens()) {
    if (t.is(clang::tok::numeric_constant))
      body += clang::Lexer::getSpelling(t, context.getSourceManager(), context.getLangOpts());
    else if (t.isOneOf(clang::tok::l_paren, clang::tok::r_paren, clang::tok::minus))
      body += clang::tok::getPunctuatorSpelling(t.getKind());
    else
      return std::nullopt;  // a type (__INT64_TYPE__) or an expression of other macros
  }
  return "#ifndef " + name + "\n#define " + name + " " + body + "\n#endif\n";
}

// A macro's definition as a directive; "" for one its toolkit header (included) defines; nothing
// for the compiler's own (NVRTC has those).
std::optional<std::string> MacroDefinitions::define_of(const std::string& name,
                                                       const clang::MacroInfo* macro) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  if (macro->isBuiltinMacro()) return std::nullopt;
  clang::SourceLocation at = macro->getDefinitionLoc();
  if (at.isInvalid()) return std::nullopt;
  clang::PresumedLoc where = sm.getPresumedLoc(at);
  bool command_line = in_buffer(where, "<command line>");
  if (in_buffer(where, "<built-in>")) return predefined_limit_define(name, macro, context_);
  if (!sm.getFileEntryRefForID(sm.getFileID(at)) && !command_line) return std::nullopt;
  if (sm.isInSystemHeader(at)) {
    if (!origins_.origin_of(sm.getFileID(at)).toolkit_headers.empty()) return std::string();
    // The toolkit's and the compiler's CUDA macros (__device__, __launch_bounds__, ...) NVRTC
    // defines itself; a C library macro (INFINITY, FLT_MAX) it may not, so it is copied.
    if (!from_c_library(at)) return std::nullopt;
    if (std::optional<std::string> device = device_definition_of_c_macro(name)) {
      if (device->empty()) return std::nullopt;
      return device;
    }
  }
  clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(macro->getDefinitionEndLoc(), 0, sm,
                                                                context_.getLangOpts());
  llvm::StringRef body = clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(at, end),
                                                     sm, context_.getLangOpts());
  return "#define " + body.str() + "\n";
}

bool MacroDefinitions::from_c_library(clang::SourceLocation at) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(at));
  if (!file) return false;
  llvm::StringRef real = file->getFileEntry().tryGetRealPathName();
  llvm::StringRef path = real.empty() ? file->getName() : real;
  return !path.contains("/cuda") && !llvm::sys::path::filename(path).starts_with("__clang_cuda");
}

}  // namespace tiletune::tool
