#include "preprocess/asm_operand_commas.h"
#include "preprocess/comments_and_literals.h"

#include <clang/Basic/CharInfo.h>
#include <llvm/Support/MemoryBuffer.h>

#include <memory>
#include <utility>

namespace tiletune::tool {

namespace {

// Past the blanks and comments from `i`.
size_t skip_blanks(llvm::StringRef text, size_t i) {
  while (i < text.size()) {
    if (clang::isWhitespace(text[i])) {
      ++i;
    } else if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
      i += 2;  // a line splice inside a macro's body
    } else if (size_t past = past_comment_or_literal(text, i); past != i && (text[i] == '/')) {
      i = past;
    } else {
      break;
    }
  }
  return i;
}

// Past a raw string literal whose opening quote is at `quote` (`R"delim( ... )delim"`), where
// its prefix (R, u8R, uR, UR, LR) ended just before it; the end of `text` where it never closes.
size_t skip_raw_string(llvm::StringRef text, size_t quote) {
  const size_t open = text.find('(', quote + 1);
  if (open == llvm::StringRef::npos || open - quote - 1 > 16) return quote + 1;  // not one
  const std::string close = ")" + text.slice(quote + 1, open).str() + "\"";
  const size_t end = text.find(close, open + 1);
  return end == llvm::StringRef::npos ? text.size() : end + close.size();
}

bool raw_string_prefix(llvm::StringRef word) {
  return word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR";
}

bool asm_keyword(llvm::StringRef word) {
  return word == "asm" || word == "__asm" || word == "__asm__";
}

bool asm_qualifier(llvm::StringRef word) {
  return word == "volatile" || word == "__volatile" || word == "__volatile__" || word == "inline" ||
         word == "__inline" || word == "__inline__" || word == "goto";
}

llvm::StringRef word_at(llvm::StringRef text, size_t i) {
  size_t end = i;
  while (end < text.size() && clang::isAsciiIdentifierContinue(text[end])) ++end;
  return text.slice(i, end);
}

// The asm statement whose '(' is at `open`: the commas it lacks, written into `out`. The end of
// the statement's parentheses.
size_t mend_statement(llvm::StringRef text, size_t open, std::string& out, bool& changed) {
  int depth = 0;
  int section = 0;  // 0: the template, 1: outputs, 2: inputs, 3: clobbers, 4: labels
  size_t i = open;
  while (i < text.size()) {
    if (size_t past = past_comment_or_literal(text, i); past != i) {
      i = past;
      continue;
    }
    const char c = text[i];
    if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      if (--depth == 0) return i + 1;
      // The end of an operand (`"r"(x)`) in the outputs or the inputs, followed by the next one.
      if (c == ')' && depth == 1 && (section == 1 || section == 2)) {
        const size_t next = skip_blanks(text, i + 1);
        // A space or tab before it takes the comma: a newline would move every later line.
        if (next < text.size() && (text[next] == '"' || text[next] == '[') && next > i + 1 &&
            (text[next - 1] == ' ' || text[next - 1] == '\t')) {
          out[next - 1] = ',';
          changed = true;
        }
      }
    } else if (c == ':' && depth == 1) {
      if (i + 1 < text.size() && text[i + 1] == ':') {
        section += 2;  // `::` between two sections (no outputs)
        ++i;
      } else {
        ++section;
      }
    }
    ++i;
  }
  return i;
}

// A file as read, or as mended: its status and name are the file's own (a comma in place of a
// blank keeps the size; the name is the real path the file manager records, through which the
// slice tells the toolkit's headers from the user's).
class BufferedFile : public llvm::vfs::File {
 public:
  BufferedFile(llvm::vfs::Status status, std::string name,
               std::unique_ptr<llvm::MemoryBuffer> buffer)
      : status_(std::move(status)), name_(std::move(name)), buffer_(std::move(buffer)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::string> getName() override { return name_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t,
                                                               bool, bool) override {
    if (buffer_) return std::move(buffer_);  // read once, as the file manager does
    return llvm::MemoryBuffer::getMemBufferCopy("", name);
  }
  std::error_code close() override { return {}; }

 private:
  llvm::vfs::Status status_;
  std::string name_;
  std::unique_ptr<llvm::MemoryBuffer> buffer_;
};

class MendingFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  explicit MendingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base)
      : ProxyFileSystem(std::move(base)) {}

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(
      const llvm::Twine& path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file) return file;
    auto status = (*file)->status();
    if (!status || !status->isRegularFile()) return file;
    auto name = (*file)->getName();
    if (!name) return file;
    auto buffer = (*file)->getBuffer(path);
    if (!buffer) return buffer.getError();
    if (std::optional<std::string> mended = asm_operand_commas((*buffer)->getBuffer()))
      *buffer = llvm::MemoryBuffer::getMemBufferCopy(*mended, (*buffer)->getBufferIdentifier());
    return std::unique_ptr<llvm::vfs::File>(
        new BufferedFile(*status, std::move(*name), std::move(*buffer)));
  }
};

}  // namespace

std::optional<std::string> asm_operand_commas(llvm::StringRef text) {
  if (text.find("asm") == llvm::StringRef::npos) return std::nullopt;
  std::string out = text.str();
  bool changed = false;
  size_t i = 0;
  while (i < text.size()) {
    if (size_t past = past_comment_or_literal(text, i); past != i) {
      i = past;
      continue;
    }
    if (!clang::isAsciiIdentifierStart(text[i]) ||
        (i > 0 && clang::isAsciiIdentifierContinue(text[i - 1]))) {
      ++i;
      continue;
    }
    llvm::StringRef word = word_at(text, i);
    i += word.size();
    // A raw string's text is not code, and its quotes would mislead the scan after it.
    if (raw_string_prefix(word) && i < text.size() && text[i] == '"') {
      i = skip_raw_string(text, i);
      continue;
    }
    if (!asm_keyword(word)) continue;
    size_t at = skip_blanks(text, i);
    while (at < text.size() && clang::isAsciiIdentifierStart(text[at]) &&
           asm_qualifier(word_at(text, at)))
      at = skip_blanks(text, at + word_at(text, at).size());
    if (at < text.size() && text[at] == '(') i = mend_statement(text, at, out, changed);
  }
  if (!changed) return std::nullopt;
  return out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> asm_operand_commas_file_system(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  return llvm::makeIntrusiveRefCnt<MendingFileSystem>(std::move(base));
}

}  // namespace tiletune::tool
