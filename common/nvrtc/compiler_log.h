// Compiler logs (NVRTC's, the assembler's) reduced to the line a one-line message should quote.
#pragma once

#include <algorithm>
#include <string_view>

namespace tiletune::detail {

// The first line that reports an error (ptxas's log starts with an empty line and may carry
// warnings first), else the first line with anything on it.
inline std::string_view first_error_line(std::string_view log) {
  std::string_view first_nonempty;
  for (std::size_t begin = 0; begin < log.size();) {
    const std::size_t end = std::min(log.find('\n', begin), log.size());
    const std::string_view line = log.substr(begin, end - begin);
    if (line.find("error") != std::string_view::npos) return line;
    if (first_nonempty.empty() && line.find_first_not_of(" \t\r") != std::string_view::npos)
      first_nonempty = line;
    begin = end + 1;
  }
  return first_nonempty;
}

}  // namespace tiletune::detail
