// The slice is made of the user's own text: contiguous ranges of their files ("chunks"), copied
// with a few edits (a constexpr function made __host__ __device__, a kernel made a device
// function).
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <string>
#include <vector>

namespace tiletune::tool {

// A contiguous range of one user file that the slice copies: one or more declarations whose
// ranges overlap (a declaration group, declarations from one macro expansion).
struct Chunk {
  clang::FileID file;
  unsigned begin = 0, end = 0;  // [begin, end) in the file
  const clang::Decl* first = nullptr;
  std::vector<const clang::Decl*> decls;

  bool contains(const clang::SourceManager& sm, clang::SourceLocation at) const;
};

// The chunks that hold `pieces`, in the order of the translation unit.
std::vector<Chunk> chunks_of(std::vector<const clang::Decl*> pieces, clang::ASTContext& context);

// Replacements of ranges of the user's files, applied where a chunk's text is copied.
class SourceEdits {
 public:
  explicit SourceEdits(clang::ASTContext& context) : context_(context) {}

  void insert_before(clang::SourceLocation at, const std::string& text);
  void replace(clang::SourceRange range, const std::string& text);
  // Blanks [begin, end) of `file`, line breaks kept (the #line before a chunk stays true).
  void blank(clang::FileID file, unsigned begin, unsigned end);

  // The text of `range` as written (macros unexpanded).
  std::string source_text(clang::SourceRange range) const;
  // The text of `chunk`, with the edits inside it.
  std::string text_of(const Chunk& chunk) const;

 private:
  struct Edit {
    clang::FileID file;
    unsigned begin = 0, end = 0;
    std::string text;
  };

  clang::ASTContext& context_;
  std::vector<Edit> edits_;
};

}  // namespace tiletune::tool
