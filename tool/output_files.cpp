#include "output_files.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

namespace tiletune::tool {

bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
  llvm::SmallString<256> temporary;
  int fd = -1;
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    error = "cannot create a file next to " + path + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    out.close();
    if (out.has_error()) {
      error = "cannot write " + std::string(temporary) + ": " + out.error().message();
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    error = "cannot rename " + std::string(temporary) + " to " + path + ": " + ec.message();
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

std::string depfile_text(const std::string& output, const std::vector<std::string>& files) {
  auto escape = [](const std::string& path) {
    std::string out;
    for (char c : path) {
      if (c == ' ' || c == '#') out += '\\';
      if (c == '$') out += '$';
      out += c;
    }
    return out;
  };
  std::string text = escape(output) + ":";
  for (const std::string& f : files) text += " \\\n  " + escape(f);
  return text + "\n";
}

}  // namespace tiletune::tool
