#include "diagnostics/unexpanded_annotations.h"

#include <clang/Lex/Lexer.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

bool known(const clang::SourceManager& sm, clang::SourceLocation at,
           const std::vector<SiteText>& sites, const std::vector<UnrewritableSite>& unrewritable) {
  auto same = [&](clang::SourceLocation other) {
    return other.isValid() && sm.getFileLoc(other) == at;
  };
  return std::any_of(sites.begin(), sites.end(),
                     [&](const SiteText& s) { return same(s.macro_begin); }) ||
         std::any_of(unrewritable.begin(), unrewritable.end(),
                     [&](const UnrewritableSite& s) { return same(s.at) || same(s.written); });
}

// Lexes up to the ')' that closes the '(' just lexed; false at the end of the file.
bool skip_to_closing(clang::Lexer& lexer, clang::Token& token) {
  for (int depth = 1; depth > 0;) {
    lexer.LexFromRawLexer(token);
    if (token.is(clang::tok::eof)) return false;
    if (token.is(clang::tok::l_paren)) ++depth;
    if (token.is(clang::tok::r_paren)) --depth;
  }
  return true;
}

}  // namespace

std::vector<SiteText> unexpanded_annotations(const clang::SourceManager& sm,
                                             const clang::LangOptions& language,
                                             const std::vector<SiteText>& sites,
                                             const std::vector<UnrewritableSite>& unrewritable) {
  std::vector<SiteText> found;
  clang::FileID const main = sm.getMainFileID();
  clang::Lexer lexer(main, sm.getBufferOrFake(main), sm, language);
  bool in_directive = false;
  clang::Token token;
  for (lexer.LexFromRawLexer(token); token.isNot(clang::tok::eof);) {
    if (token.isAtStartOfLine()) in_directive = token.is(clang::tok::hash);
    if (in_directive || !token.is(clang::tok::raw_identifier) ||
        token.getRawIdentifier() != "TILETUNE") {
      lexer.LexFromRawLexer(token);
      continue;
    }
    SiteText use;
    use.macro_begin = token.getLocation();
    lexer.LexFromRawLexer(token);
    if (!token.is(clang::tok::l_paren) || known(sm, use.macro_begin, sites, unrewritable)) continue;
    use.text_begin = token.getEndLoc();
    if (!skip_to_closing(lexer, token)) break;
    use.rparen = token.getLocation();
    found.push_back(use);
    lexer.LexFromRawLexer(token);
  }
  return found;
}

}  // namespace tiletune::tool
