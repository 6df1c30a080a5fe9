#include "preprocess/site_finder.h"

#include "preprocess/call_probe.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Preprocessor.h>

namespace tiletune::tool {

void SiteFinder::MacroExpands(const clang::Token& name, const clang::MacroDefinition&,
                              clang::SourceRange range, const clang::MacroArgs*) {
  const clang::IdentifierInfo* id = name.getIdentifierInfo();
  if (!id || id->getName() != "TILETUNE") return;
  clang::SourceManager& sm = pp_.getSourceManager();
  // Only annotations written in the main file are rewritten; one reached through another macro has
  // no text of its own to rewrite. Both are errors, never skipped.
  clang::SourceLocation begin = name.getLocation();
  if (begin.isMacroID()) {
    UnrewritableSite site{sm.getExpansionLoc(begin), sm.getSpellingLoc(begin)};
    // A macro argument's expansions are seen more than once.
    if (unrewritable_.empty() || unrewritable_.back().at != site.at ||
        unrewritable_.back().written != site.written)
      unrewritable_.push_back(site);
    return;
  }
  if (!sm.isWrittenInMainFile(begin)) {
    if (!sm.isInSystemHeader(begin)) unrewritable_.push_back({begin, {}});
    return;
  }
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
  ExpandedText expanded =
      expand_object_macros(buffer.substr(lparen + 1, rparen_offset - lparen - 1).str(), pp_);
  site.text = std::move(expanded.text);
  site.expansions = std::move(expanded.expansions);
  sites_.push_back(std::move(site));
  enter_call_probe(pp_, sites_.back());
}

bool in_annotation(const clang::SourceManager& sm, const SiteText& site, clang::SourceLocation at) {
  if (at.isInvalid()) return false;
  at = sm.getFileLoc(at);
  return !sm.isBeforeInTranslationUnit(at, site.macro_begin) &&
         !sm.isBeforeInTranslationUnit(site.rparen, at);
}

}  // namespace tiletune::tool
