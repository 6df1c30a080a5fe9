#include "preprocess/annotation_macros.h"

#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Preprocessor.h>

#include <cctype>
#include <cstring>
#include <set>

namespace tiletune::tool {
namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the comment, literal or number starting at `i` ends, or `i` when none starts there.
std::size_t skip_unexpanded(const std::string& text, std::size_t i) {
  if (text.compare(i, 2, "//") == 0) {
    std::size_t end = text.find('\n', i);
    return end == std::string::npos ? text.size() : end;
  }
  if (text.compare(i, 2, "/*") == 0) {
    std::size_t end = text.find("*/", i + 2);
    return end == std::string::npos ? text.size() : end + 2;
  }
  if (text[i] == '"' || text[i] == '\'') {
    std::size_t end = i + 1;
    while (end < text.size() && text[end] != text[i]) end += text[end] == '\\' ? 2 : 1;
    return std::min(end + 1, text.size());
  }
  // A number with its suffix and digit separators (1'000, 0x1fu, 1e-5f).
  if (std::isdigit(static_cast<unsigned char>(text[i])) ||
      (text[i] == '.' && i + 1 < text.size() &&
       std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
    std::size_t end = i + 1;
    while (end < text.size()) {
      char c = text[end];
      bool const exponent_sign = (c == '+' || c == '-') && std::strchr("eEpP", text[end - 1]);
      if (!is_ident(c) && c != '.' && c != '\'' && !exponent_sign) break;
      ++end;
    }
    return end;
  }
  return i;
}

// Whether the name ending at `end` is followed by `=` (not `==`): a keyword or an axis name.
bool names_something(const std::string& text, std::size_t end) {
  while (end < text.size() && std::isspace(static_cast<unsigned char>(text[end]))) ++end;
  return end < text.size() && text[end] == '=' && (end + 1 == text.size() || text[end + 1] != '=');
}

// The macro `name` defined at this point by the user (a file of theirs or the command line), or
// null.
const clang::MacroInfo* defined_macro(clang::Preprocessor& pp, llvm::StringRef name) {
  auto found = pp.getIdentifierTable().find(name);
  if (found == pp.getIdentifierTable().end()) return nullptr;
  const clang::IdentifierInfo* id = found->getValue();
  if (!id || !id->hasMacroDefinition()) return nullptr;
  const clang::MacroInfo* macro = pp.getMacroInfo(id);
  // __LINE__ and the like have no body to spell, and a system or toolkit header's macros
  // (__device__, NULL) may mean something else to the compiler than to this parse: the compiler
  // expands them.
  if (!macro || macro->isBuiltinMacro() ||
      pp.getSourceManager().isInSystemHeader(macro->getDefinitionLoc()))
    return nullptr;
  return macro;
}

class Expander {
 public:
  explicit Expander(clang::Preprocessor& pp) : pp_(pp) {}

  // `text` with its macros expanded; each top-level use recorded in `expansions` when given.
  std::string expand(const std::string& text, std::vector<MacroExpansion>* expansions) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
      if (std::size_t skipped = skip_unexpanded(text, i); skipped != i) {
        out.append(text, i, skipped - i);
        i = skipped;
        continue;
      }
      if (!is_ident_start(text[i]) || (i > 0 && (text[i - 1] == '$' || is_ident(text[i - 1])))) {
        out += text[i++];
        continue;
      }
      std::size_t end = i;
      while (end < text.size() && is_ident(text[end])) ++end;
      std::string name = text.substr(i, end - i);
      const clang::MacroInfo* macro =
          names_something(text, end) || active_.count(name) ? nullptr : defined_macro(pp_, name);
      if (!macro || macro->isFunctionLike()) {
        // A function-like macro stays for the compiler; its use is recorded for messages.
        if (macro && expansions)
          expansions->push_back({static_cast<unsigned>(i), static_cast<unsigned>(end),
                                 static_cast<unsigned>(out.size()),
                                 static_cast<unsigned>(out.size() + name.size()), name,
                                 macro->getDefinitionLoc(), true});
        out += name;
        i = end;
        continue;
      }
      active_.insert(name);
      std::string body = expand(spelled_body(*macro), nullptr);
      active_.erase(name);
      MacroExpansion use{static_cast<unsigned>(i),
                         static_cast<unsigned>(end),
                         static_cast<unsigned>(out.size()),
                         static_cast<unsigned>(out.size() + body.size()),
                         name,
                         macro->getDefinitionLoc(),
                         false};
      out += body;
      if (expansions) expansions->push_back(std::move(use));
      i = end;
    }
    return out;
  }

 private:
  // The body's tokens, one space apart (a body is one logical line: the expansion adds none).
  std::string spelled_body(const clang::MacroInfo& macro) const {
    std::string out;
    for (const clang::Token& token : macro.tokens())
      out += (out.empty() ? "" : " ") + pp_.getSpelling(token);
    return out;
  }

  clang::Preprocessor& pp_;
  std::set<std::string> active_;
};

}  // namespace

ExpandedText expand_object_macros(const std::string& text, clang::Preprocessor& pp) {
  ExpandedText out;
  out.text = Expander(pp).expand(text, &out.expansions);
  return out;
}

unsigned written_offset(const std::vector<MacroExpansion>& expansions, unsigned offset,
                        bool range_end) {
  long long shift = 0;
  for (const MacroExpansion& e : expansions) {
    if (offset <= e.expanded_begin) break;
    if (offset < e.expanded_end || (range_end && offset == e.expanded_end))
      return range_end ? e.written_end : e.written_begin;
    shift = static_cast<long long>(e.written_end) - e.expanded_end;
  }
  return static_cast<unsigned>(static_cast<long long>(offset) + shift);
}

const MacroExpansion* expansion_at(const std::vector<MacroExpansion>& expansions, unsigned offset) {
  for (const MacroExpansion& e : expansions)
    if (offset >= e.expanded_begin && offset < e.expanded_end) return &e;
  return nullptr;
}

}  // namespace tiletune::tool
