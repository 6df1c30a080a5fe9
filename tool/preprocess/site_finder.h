// Step 1: find every TILETUNE(...) in the main file through the preprocessor, keeping the raw text
// between the parentheses and where it starts, so the annotation parser's offsets map back to
// exact source columns.
#pragma once

#include "preprocess/annotation_macros.h"

#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/PPCallbacks.h>

#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
}  // namespace clang

namespace tiletune::tool {

struct SiteText {
  clang::SourceLocation macro_begin;  // the `T` of TILETUNE
  clang::SourceLocation text_begin;   // first character after '('
  clang::SourceLocation rparen;       // the closing ')'
  std::string text;                   // between the parentheses, object-like macros expanded
  // The macro uses in `text`: offsets into it map back to the written text through them.
  std::vector<MacroExpansion> expansions;
};

// Whether `at` is in the annotation's text, from TILETUNE to its ')': where the annotation is a
// macro's argument, by where that argument is written.
bool in_annotation(const clang::SourceManager& sm, const SiteText& site, clang::SourceLocation at);

// A TILETUNE(...) the tool cannot rewrite: written in an included header (only the file given
// is rewritten), or inside a macro's definition or arguments (no text of its own to replace).
struct UnrewritableSite {
  clang::SourceLocation at;       // where it is reported: the annotation, or the macro's use
  clang::SourceLocation written;  // the annotation in the macro's text; invalid for a header
};

class SiteFinder : public clang::PPCallbacks {
 public:
  SiteFinder(clang::Preprocessor& pp, std::vector<SiteText>& sites,
             std::vector<UnrewritableSite>& unrewritable)
      : pp_(pp), sites_(sites), unrewritable_(unrewritable) {}

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition,
                    clang::SourceRange range, const clang::MacroArgs* args) override;

 private:
  clang::Preprocessor& pp_;
  std::vector<SiteText>& sites_;
  std::vector<UnrewritableSite>& unrewritable_;
};

}  // namespace tiletune::tool
