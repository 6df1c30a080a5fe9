#include "preprocess/site_finder.h"

#include "preprocess/call_probe.h"
#include "preprocess/resolved_conditionals.h"
#include "preprocess/template_name_lookup.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>

#include <algorithm>
#include <memory>
#include <string>

namespace tiletune::tool {

namespace {

constexpr const char* kNamesPragma = "tiletune_site_names";

// `#pragma tiletune_site_names N`, which the site finder puts after site N's expansion: the parser
// reads it when it has taken the expansion's last token, and so has acted on everything before the
// annotation (a `using namespace` that ends just before it is in force only once the parser has
// read past its ';'), while its scopes are still the annotation's. Then the names before each '<'
// of the annotation are looked up; the later parses replay what the lookup said
// (parse_site_annotation). The kernel call's probe (call_probe.h), which needs that parse, follows
// the pragma.
class SiteNamesPragma : public clang::PragmaHandler {
 public:
  SiteNamesPragma(clang::CompilerInstance& compiler, std::vector<SiteText>& sites)
      : clang::PragmaHandler(kNamesPragma), compiler_(compiler), sites_(sites) {}

  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer, clang::Token&) override {
    clang::Token token;
    pp.Lex(token);
    std::size_t site = sites_.size();
    if (token.is(clang::tok::numeric_constant)) site = std::stoul(pp.getSpelling(token));
    while (token.isNot(clang::tok::eod)) pp.Lex(token);
    if (site >= sites_.size()) return;
    if (compiler_.hasSema()) look_up(sites_[site]);
    enter_call_probe(pp, sites_[site]);
  }

 private:
  void look_up(SiteText& site) const {
    TemplateNameLookup lookup(compiler_.getSema(), site.macro_begin);
    parse_annotation(site.text, [&](const TemplateNameQuery& query) {
      std::optional<bool> found = lookup.names_template(query);
      if (found) site.template_names.emplace(query.offset, *found);
      return found;
    });
  }

  clang::CompilerInstance& compiler_;
  std::vector<SiteText>& sites_;
};

}  // namespace

SiteFinder::SiteFinder(clang::CompilerInstance& compiler, std::vector<SiteText>& sites,
                       std::vector<UnrewritableSite>& unrewritable)
    : compiler_(compiler),
      pp_(compiler.getPreprocessor()),
      sites_(sites),
      unrewritable_(unrewritable) {
  pp_.AddPragmaHandler(new SiteNamesPragma(compiler, sites));  // the preprocessor owns it
}

void SiteFinder::MacroExpands(const clang::Token& name, const clang::MacroDefinition&,
                              clang::SourceRange range, const clang::MacroArgs*) {
  const clang::IdentifierInfo* id = name.getIdentifierInfo();
  if (!id || id->getName() != "TILETUNE") return;
  clang::SourceManager& sm = pp_.getSourceManager();
  // One reached through another macro has no text of its own to rewrite: an error, never skipped.
  // One in a system header is left alone: the tool copies only the user's headers.
  clang::SourceLocation begin = name.getLocation();
  if (begin.isMacroID()) {
    UnrewritableSite site{sm.getExpansionLoc(begin), sm.getSpellingLoc(begin)};
    // A macro argument's expansions are seen more than once.
    if (unrewritable_.empty() || unrewritable_.back().at != site.at ||
        unrewritable_.back().written != site.written)
      unrewritable_.push_back(site);
    return;
  }
  if (sm.isInSystemHeader(begin)) return;
  clang::SourceLocation end = range.getEnd();
  if (end.isMacroID()) {
    unrewritable_.push_back({begin, sm.getSpellingLoc(end)});
    return;
  }

  bool invalid = false;
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(begin), &invalid);
  if (invalid) return;
  unsigned name_offset = sm.getFileOffset(begin);
  unsigned rparen_offset = sm.getFileOffset(end);
  std::size_t lparen = buffer.find('(', name_offset);
  if (lparen == llvm::StringRef::npos || lparen >= rparen_offset) return;

  SiteText site;
  site.macro_begin = begin;
  site.text_begin = begin.getLocWithOffset(static_cast<int>(lparen + 1 - name_offset));
  site.rparen = end;
  ResolvedText written =
      resolve_conditionals(std::string(buffer.substr(lparen + 1, rparen_offset - lparen - 1)),
                           static_cast<unsigned>(lparen + 1), skipped_[sm.getFileID(begin)]);
  SplicedText spliced = remove_line_splices(written.text);
  ExpandedText expanded = expand_object_macros(spliced.text, pp_);
  site.text = std::move(expanded.text);
  site.expansions = std::move(expanded.expansions);
  site.splices = std::move(spliced.splices);
  site.conditional_directives = std::move(written.directives);
  sites_.push_back(std::move(site));
  enter_name_lookup(sites_.size() - 1);
}

void SiteFinder::SourceRangeSkipped(clang::SourceRange range, clang::SourceLocation) {
  clang::SourceManager& sm = pp_.getSourceManager();
  const clang::SourceLocation begin = range.getBegin(), end = range.getEnd();
  if (begin.isMacroID() || end.isMacroID() || sm.getFileID(begin) != sm.getFileID(end)) return;
  skipped_[sm.getFileID(begin)].emplace_back(sm.getFileOffset(begin), sm.getFileOffset(end));
}

// `_Pragma("tiletune_site_names N")`, entered now, is read right after the expansion of
// TILETUNE (which the preprocessor enters after this callback, on top of it).
void SiteFinder::enter_name_lookup(std::size_t site) const {
  std::string const text = "\"" + std::string(kNamesPragma) + " " + std::to_string(site) + "\"";
  clang::SourceLocation const at = sites_[site].macro_begin;
  const std::pair<clang::tok::TokenKind, std::string> spelled[] = {
      {clang::tok::raw_identifier, "_Pragma"},
      {clang::tok::l_paren, "("},
      {clang::tok::string_literal, text},
      {clang::tok::r_paren, ")"}};
  auto tokens = std::make_unique<clang::Token[]>(4);
  for (int i = 0; i < 4; ++i) {
    tokens[i].startToken();
    tokens[i].setKind(spelled[i].first);
    pp_.CreateString(spelled[i].second, tokens[i], at, at);  // as if TILETUNE expanded to them
  }
  pp_.LookUpIdentifierInfo(tokens[0]);
  pp_.EnterTokenStream(std::move(tokens), 4, /*DisableMacroExpansion=*/false,
                       /*IsReinject=*/false);
}

std::variant<Annotation, ParseError> parse_site_annotation(const SiteText& site) {
  return parse_annotation(site.text, [&](const TemplateNameQuery& query) -> std::optional<bool> {
    auto found = site.template_names.find(query.offset);
    if (found == site.template_names.end()) return std::nullopt;
    return found->second;
  });
}

clang::SourceLocation site_location(const SiteText& site, unsigned offset, bool range_end) {
  unsigned const spliced = written_offset(site.expansions, offset, range_end);
  return site.text_begin.getLocWithOffset(
      static_cast<int>(unspliced_offset(site.splices, spliced, range_end)));
}

unsigned line_breaks_before(const SiteText& site, unsigned offset) {
  auto const end = site.text.begin() + std::min<std::size_t>(offset, site.text.size());
  // A macro's body is spelled on one line: the text's own line breaks are the spliced text's.
  auto const breaks = static_cast<unsigned>(std::count(site.text.begin(), end, '\n'));
  return breaks + splices_before(site.splices, written_offset(site.expansions, offset, false));
}

bool in_annotation(const clang::SourceManager& sm, const SiteText& site, clang::SourceLocation at) {
  if (at.isInvalid()) return false;
  at = sm.getFileLoc(at);
  return !sm.isBeforeInTranslationUnit(at, site.macro_begin) &&
         !sm.isBeforeInTranslationUnit(site.rparen, at);
}

}  // namespace tiletune::tool
