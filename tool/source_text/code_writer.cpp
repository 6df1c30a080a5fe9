#include "source_text/code_writer.h"

namespace tiletune::tool {

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string raw_string_literal(std::string_view text) {
  std::string delimiter = "tiletune";
  for (int n = 0; text.find(")" + delimiter + "\"") != std::string_view::npos; ++n)
    delimiter = "tiletune" + std::to_string(n);
  return "R\"" + delimiter + "(" + std::string(text) + ")" + delimiter + "\"";
}

std::string line_directive(unsigned line, std::string_view file) {
  return "#line " + std::to_string(line) + " " + string_literal(file) + "\n";
}

}  // namespace tiletune::tool
