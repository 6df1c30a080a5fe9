// NVRTC's log read as diagnostics: each `file(line): error: message` (or warning) line, its column
// from the caret under the quoted source line, and the lines that follow ("detected during
// instantiation of ...") kept as its context.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

struct NvrtcDiagnostic {
  std::string file;  // as the slice's #line names it (the user's file name, not its path)
  unsigned line = 0;
  unsigned column = 1;  // 1 when NVRTC quotes no source line
  bool error = true;    // else a warning
  std::string message;
  std::vector<std::string> context;  // the indented lines under it, trimmed
};

std::vector<NvrtcDiagnostic> parse_nvrtc_log(std::string_view log);

// Whether a compile that failed with `log` failed in the assembler: ptxas ran (its lines are in
// the log) and the front end reported no error, so the source compiles and the machine code for
// the architecture is what could not be made.
bool assembler_failed(std::string_view log);

}  // namespace tiletune::tool
