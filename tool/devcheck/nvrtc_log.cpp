#include "devcheck/nvrtc_log.h"

#include <optional>

namespace tiletune::tool {
namespace {

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// `file(line): error: message`, or nullopt for any other line.
std::optional<NvrtcDiagnostic> diagnostic_line(std::string_view line) {
  for (const auto& [marker, error] : {std::pair{"): error: ", true},
                                      {"): catastrophic error: ", true},
                                      {"): warning: ", false}}) {
    const std::size_t close = line.find(marker);
    if (close == std::string_view::npos) continue;
    const std::size_t open = line.rfind('(', close);
    if (open == std::string_view::npos || open == 0 || open + 1 == close) continue;
    unsigned number = 0;
    bool digits = true;
    for (char c : line.substr(open + 1, close - open - 1)) {
      if (c < '0' || c > '9') digits = false;
      number = number * 10 + static_cast<unsigned>(c - '0');
    }
    if (!digits) continue;
    NvrtcDiagnostic out;
    out.file = std::string(line.substr(0, open));
    out.line = number;
    out.error = error;
    out.message = std::string(trimmed(line.substr(close + std::string_view(marker).size())));
    return out;
  }
  return std::nullopt;
}

}  // namespace

std::vector<NvrtcDiagnostic> parse_nvrtc_log(std::string_view log) {
  std::vector<NvrtcDiagnostic> out;
  for (std::size_t begin = 0; begin < log.size();) {
    const std::size_t end = std::min(log.find('\n', begin), log.size());
    const std::string_view line = log.substr(begin, end - begin);
    begin = end + 1;
    if (std::optional<NvrtcDiagnostic> diagnostic = diagnostic_line(line)) {
      out.push_back(std::move(*diagnostic));
      continue;
    }
    // NVRTC quotes the source line indented by two spaces, and a caret under the column.
    const std::size_t caret = line.find_first_not_of(' ');
    if (!out.empty() && !out.back().context.empty() && caret != std::string_view::npos &&
        caret >= 2 && line.substr(caret) == "^") {
      out.back().column = static_cast<unsigned>(caret - 1);
      out.back().context.pop_back();
      continue;
    }
    // "N errors detected in the compilation of ..." closes the log; it says nothing of a place.
    const std::string_view text = trimmed(line);
    if (!out.empty() && !text.empty() &&
        text.find("detected in the compilation of") == std::string_view::npos)
      out.back().context.emplace_back(text);
  }
  return out;
}

bool assembler_failed(std::string_view log) {
  if (log.find("ptxas") == std::string_view::npos) return false;
  for (const NvrtcDiagnostic& d : parse_nvrtc_log(log))
    if (d.error) return false;
  return true;
}

}  // namespace tiletune::tool
