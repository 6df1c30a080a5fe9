// Step 1: find every TILETUNE(...) in the main file and the user's headers (not in system headers)
// through the preprocessor, keeping the raw text between the parentheses and where it starts, so
// the annotation parser's offsets map back to exact source columns.
#pragma once

#include "preprocess/annotation_macros.h"
#include "preprocess/line_splices.h"

#include "annotation/annotation.h"
#include "annotation/parser.h"

#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/PPCallbacks.h>

#include <map>
#include <string>
#include <variant>
#include <vector>

namespace clang {
class CompilerInstance;
class Preprocessor;
class SourceManager;
}  // namespace clang

namespace tiletune::tool {

struct SiteText {
  clang::SourceLocation macro_begin;  // the `T` of TILETUNE
  clang::SourceLocation text_begin;   // first character after '('
  clang::SourceLocation rparen;       // the closing ')'
  // Between the parentheses, line splices removed, then object-like macros expanded.
  std::string text;
  // The macro uses in `text`: offsets into it map back to the spliced text through them.
  std::vector<MacroExpansion> expansions;
  // The line splices removed: offsets into the spliced text map back to the written one.
  std::vector<LineSplice> splices;
  // What Clang's lookup at the annotation said of each name before a '<' (by the offset of the
  // '<'), where it could tell: whether it names a template.
  std::map<unsigned, bool> template_names;
  // The conditional directives written inside the annotation (resolved_conditionals.h), whose
  // branches not taken are blanks in `text`: the rewritten site writes them after its code.
  std::vector<std::string> conditional_directives;
};

// The site's annotation parsed, each '<' after a name read as Clang's lookup at the site said.
std::variant<Annotation, ParseError> parse_site_annotation(const SiteText& site);

// `offset` into the site's text (macros expanded, splices removed) as a location in the written
// text; inside a macro's expansion, its use.
clang::SourceLocation site_location(const SiteText& site, unsigned offset, bool range_end = false);

// The line breaks of the written text before `offset` into the site's text (a splice's included).
unsigned line_breaks_before(const SiteText& site, unsigned offset);

// Whether `at` is in the annotation's text, from TILETUNE to its ')': where the annotation is a
// macro's argument, by where that argument is written.
bool in_annotation(const clang::SourceManager& sm, const SiteText& site, clang::SourceLocation at);

// A TILETUNE(...) the tool cannot rewrite: inside a macro's definition or arguments (no text of
// its own to replace).
struct UnrewritableSite {
  clang::SourceLocation at;       // where it is reported: the macro's use
  clang::SourceLocation written;  // the annotation in the macro's text
};

class SiteFinder : public clang::PPCallbacks {
 public:
  // `compiler`'s Sema looks up the names in each annotation (template_names) while the parser
  // is there, through a pragma this adds to its preprocessor.
  SiteFinder(clang::CompilerInstance& compiler, std::vector<SiteText>& sites,
             std::vector<UnrewritableSite>& unrewritable);

  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition,
                    clang::SourceRange range, const clang::MacroArgs* args) override;
  // A branch of a conditional not taken: inside an annotation, its text is left out
  // (resolved_conditionals.h).
  void SourceRangeSkipped(clang::SourceRange range, clang::SourceLocation endif_location) override;

 private:
  void enter_name_lookup(std::size_t site) const;

  clang::CompilerInstance& compiler_;
  clang::Preprocessor& pp_;
  std::vector<SiteText>& sites_;
  std::vector<UnrewritableSite>& unrewritable_;
  // The main file's skipped ranges so far, as file offsets [begin, end), and a header's (the
  // annotations of a user's header too are rewritten) by file.
  std::map<clang::FileID, std::vector<std::pair<unsigned, unsigned>>> skipped_;
};

}  // namespace tiletune::tool
