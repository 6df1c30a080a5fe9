// Step 1: find every TILETUNE(...) in the main file through the preprocessor, keeping the raw text
// between the parentheses and where it starts, so the annotation parser's offsets map back to
// exact source columns.
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/PPCallbacks.h>

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
}

namespace tiletune::tool {

struct SiteText {
  clang::SourceLocation macro_begin;  // the `T` of TILETUNE
  clang::SourceLocation text_begin;   // first character after '('
  clang::SourceLocation rparen;       // the closing ')'
  std::string text;                   // between the parentheses
};

class SiteFinder : public clang::PPCallbacks {
 public:
  SiteFinder(clang::Preprocessor& pp, std::vector<SiteText>& sites) : pp_(pp), sites_(sites) {}

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition,
                    clang::SourceRange range, const clang::MacroArgs* args) override;

 private:
  clang::Preprocessor& pp_;
  std::vector<SiteText>& sites_;
};

}  // namespace tiletune::tool
