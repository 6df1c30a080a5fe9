#include "slice/source_chunks.h"

#include "preprocess/resolved_conditionals.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <optional>

namespace tiletune::tool {
namespace {

clang::SourceLocation begin_of(const clang::SourceManager& sm, const clang::Decl* d) {
  return sm.getExpansionLoc(d->getSourceRange().getBegin());
}

// A cv or restrict qualifier, as the raw lexer spells it (its tokens are raw identifiers).
bool is_qualifier(llvm::StringRef word) {
  return word == "const" || word == "volatile" || word == "restrict" || word == "__restrict" ||
         word == "__restrict__";
}

// The end of the declaration's text (one past its last token, and past a ';' that ends it).
// Clang's range of `using P = T* __restrict__;` (an alias or alias template) ends at the `*`: a
// qualifier after it has no location in the type. Qualifiers there, followed by the ';', belong to
// the declaration; without the ';' after them the range is taken as Clang gives it.
clang::SourceLocation end_of(clang::ASTContext& context, const clang::Decl* d) {
  const clang::SourceManager& sm = context.getSourceManager();
  const clang::LangOptions& lang = context.getLangOpts();
  clang::SourceLocation end = sm.getExpansionRange(d->getSourceRange().getEnd()).getEnd();
  clang::SourceLocation after = clang::Lexer::getLocForEndOfToken(end, 0, sm, lang);
  std::optional<clang::Token> next = clang::Lexer::findNextToken(end, sm, lang);
  while (next && next->is(clang::tok::raw_identifier) && is_qualifier(next->getRawIdentifier()))
    next = clang::Lexer::findNextToken(next->getLocation(), sm, lang);
  if (next && next->is(clang::tok::semi)) after = next->getEndLoc();
  return after;
}

}  // namespace

bool Chunk::contains(const clang::SourceManager& sm, clang::SourceLocation at) const {
  if (at.isInvalid() || sm.getFileID(at) != file) return false;
  unsigned offset = sm.getFileOffset(at);
  return offset >= begin && offset < end;
}

std::vector<Chunk> chunks_of(std::vector<const clang::Decl*> pieces, clang::ASTContext& context) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::sort(pieces.begin(), pieces.end(), [&](const clang::Decl* a, const clang::Decl* b) {
    return sm.isBeforeInTranslationUnit(begin_of(sm, a), begin_of(sm, b));
  });
  std::vector<Chunk> out;
  for (const clang::Decl* piece : pieces) {
    clang::SourceLocation begin = begin_of(sm, piece), end = end_of(context, piece);
    clang::FileID file = sm.getFileID(begin);
    unsigned b = sm.getFileOffset(begin);
    unsigned e = sm.getFileID(end) == file ? sm.getFileOffset(end) : b;
    if (!out.empty() && out.back().file == file && b < out.back().end) {
      out.back().end = std::max(out.back().end, e);
      out.back().decls.push_back(piece);
      continue;
    }
    out.push_back({file, b, std::max(b, e), piece, {piece}});
  }
  return out;
}

void SourceEdits::insert_before(clang::SourceLocation at, const std::string& text) {
  const clang::SourceManager& sm = context_.getSourceManager();
  at = sm.getExpansionLoc(at);
  unsigned offset = sm.getFileOffset(at);
  edits_.push_back({sm.getFileID(at), offset, offset, text});
}

void SourceEdits::replace(clang::SourceRange range, const std::string& text) {
  const clang::SourceManager& sm = context_.getSourceManager();
  clang::CharSourceRange r = sm.getExpansionRange(range);
  clang::SourceLocation end = r.isTokenRange() ? clang::Lexer::getLocForEndOfToken(
                                                     r.getEnd(), 0, sm, context_.getLangOpts())
                                               : r.getEnd();
  edits_.push_back(
      {sm.getFileID(r.getBegin()), sm.getFileOffset(r.getBegin()), sm.getFileOffset(end), text});
}

void SourceEdits::blank(clang::FileID file, unsigned begin, unsigned end) {
  std::string text = context_.getSourceManager().getBufferData(file).slice(begin, end).str();
  tiletune::tool::blank(text, 0, text.size());
  edits_.push_back({file, begin, end, std::move(text)});
}

std::string SourceEdits::source_text(clang::SourceRange range) const {
  const clang::SourceManager& sm = context_.getSourceManager();
  return clang::Lexer::getSourceText(sm.getExpansionRange(range), sm, context_.getLangOpts()).str();
}

std::string SourceEdits::text_of(const Chunk& c) const {
  llvm::StringRef buffer = context_.getSourceManager().getBufferData(c.file);
  std::vector<const Edit*> edits;
  for (const Edit& e : edits_)
    if (e.file == c.file && e.begin >= c.begin && e.end <= c.end) edits.push_back(&e);
  std::sort(edits.begin(), edits.end(),
            [](const Edit* a, const Edit* b) { return a->begin < b->begin; });
  std::string out;
  unsigned at = c.begin;
  for (const Edit* e : edits) {
    if (e->begin < at) continue;
    out += buffer.substr(at, e->begin - at).str() + e->text;
    at = e->end;
  }
  return out + buffer.substr(at, c.end - at).str();
}

}  // namespace tiletune::tool
