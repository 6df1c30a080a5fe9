#include "driver/output_files.h"

#include "files/files.h"

namespace tiletune::tool {

// The runtime's store holds the one write-then-rename.
bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
  error = files::write_atomically(path, text);
  return error.empty();
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
