#include "slice/c_library_macros.h"

#include <clang/Lex/Lexer.h>

#include <map>

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

}  // namespace

std::optional<std::string> device_definition_of_c_macro(const std::string& name) {
  auto it = device_definitions().find(name);
  if (it == device_definitions().end()) return std::nullopt;
  return it->second;
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
    if (device_definitions().count(name.str())) return true;
    at = sm.getImmediateMacroCallerLoc(at);
  }
  return false;
}

}  // namespace tiletune::tool
