#include "slice/c_library_macros.h"

#include <clang/Lex/Lexer.h>
#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <array>
#include <map>
#include <string_view>

namespace tiletune::tool {
namespace {

const std::map<std::string, std::string>& device_definitions() {
  static const std::map<std::string, std::string> kDefinitions = {
      {"INFINITY", "#define INFINITY __int_as_float(0x7f800000U)\n"},
      {"NAN", "#define NAN __int_as_float(0x7fffffffU)\n"},
      {"HUGE_VALF", "#define HUGE_VALF __int_as_float(0x7f800000U)\n"},
      {"HUGE_VAL", "#define HUGE_VAL __longlong_as_double(0x7ff0000000000000ULL)\n"},
      {"FLT_MAX", "#define FLT_MAX 3.40282347e+38F\n"},
      {"FLT_MIN", "#define FLT_MIN 1.17549435e-38F\n"},
      {"FLT_EPSILON", "#define FLT_EPSILON 1.19209290e-7F\n"},
      {"DBL_MAX", "#define DBL_MAX 1.7976931348623157e+308\n"},
      {"DBL_MIN", "#define DBL_MIN 2.2250738585072014e-308\n"},
      {"DBL_EPSILON", "#define DBL_EPSILON 2.2204460492503131e-16\n"},
      {"assert", ""},
  };
  return kDefinitions;
}

// <limits.h>'s limits, which <cuda/std/climits> defines under NVRTC.
bool limits_macro(std::string_view name) {
  static constexpr std::array<std::string_view, 18> kNames = {
      "CHAR_BIT", "SCHAR_MIN", "SCHAR_MAX", "UCHAR_MAX", "CHAR_MIN",  "CHAR_MAX",
      "SHRT_MIN", "SHRT_MAX",  "USHRT_MAX", "INT_MIN",   "INT_MAX",   "UINT_MAX",
      "LONG_MIN", "LONG_MAX",  "ULONG_MAX", "LLONG_MIN", "LLONG_MAX", "ULLONG_MAX"};
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

// <stdint.h>'s limits and constant macros (INT64_MAX, SIZE_MAX, UINT64_C), which
// <cuda/std/cstdint> defines under NVRTC.
bool stdint_macro(llvm::StringRef name) {
  if (name == "SIZE_MAX" || name == "PTRDIFF_MIN" || name == "PTRDIFF_MAX") return true;
  for (llvm::StringRef prefix : {"INT", "UINT"}) {
    if (!name.consume_front(prefix)) continue;
    for (llvm::StringRef kind : {"_FAST", "_LEAST", "PTR", "MAX"}) name.consume_front(kind);
    name = name.ltrim("0123456789");
    return name == "_MIN" || name == "_MAX" || name == "_C";
  }
  return false;
}

}  // namespace

std::optional<std::string> device_definition_of_c_macro(const std::string& name) {
  if (libcu_header_of_c_macro(name)) return std::string();
  auto it = device_definitions().find(name);
  if (it == device_definitions().end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> libcu_header_of_c_macro(const std::string& name) {
  if (limits_macro(name)) return "cuda/std/climits";
  if (stdint_macro(name)) return "cuda/std/cstdint";
  return std::nullopt;
}

bool in_c_macro_with_device_definition(const clang::SourceManager& sm,
                                       const clang::LangOptions& lang, clang::SourceLocation at) {
  // A token passed as a macro's argument was written by whoever wrote the argument; one in a
  // macro's body belongs to that macro.
  while (at.isMacroID()) {
    if (sm.isMacroArgExpansion(at)) {
      at = sm.getImmediateSpellingLoc(at);
      continue;
    }
    llvm::StringRef name = clang::Lexer::getImmediateMacroName(at, sm, lang);
    if (device_definition_of_c_macro(name.str())) return true;
    at = sm.getImmediateMacroCallerLoc(at);
  }
  return false;
}

}  // namespace tiletune::tool
