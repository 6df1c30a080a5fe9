#include "driver/host_include_dirs.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/FileUtilities.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Program.h>

#include <optional>

namespace tiletune::tool {

std::vector<std::string> parse_search_list(const std::string& verbose_output) {
  std::vector<std::string> dirs;
  bool inside = false;
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(verbose_output).split(lines, '\n');
  for (llvm::StringRef line : lines) {
    if (line.starts_with("#include <...> search starts here:")) {
      inside = true;
    } else if (line.starts_with("End of search list.")) {
      break;
    } else if (inside) {
      // macOS-style annotations such as " (framework directory)" are not directories.
      llvm::StringRef dir = line.trim().split(" (").first;
      if (!dir.empty()) dirs.push_back(dir.str());
    }
  }
  return dirs;
}

std::vector<std::string> host_include_dirs(const std::string& compiler) {
  llvm::ErrorOr<std::string> program =
      llvm::sys::findProgramByName(compiler.empty() ? "c++" : compiler);
  if (!program) return {};
  llvm::SmallString<128> log;
  if (llvm::sys::fs::createTemporaryFile("tiletune-host-includes", "txt", log)) return {};
  llvm::FileRemover remove_log(log);
  llvm::StringRef args[] = {*program, "-E", "-x", "c++", "-", "-v"};
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                llvm::StringRef(log)};
  if (llvm::sys::ExecuteAndWait(*program, args, std::nullopt, redirects) != 0) return {};
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text = llvm::MemoryBuffer::getFile(log);
  if (!text) return {};
  return parse_search_list((*text)->getBuffer().str());
}

}  // namespace tiletune::tool
