// Every line the runtime prints goes through a Logger: "tiletune: " and the line, written whole in
// one call (so that lines of several threads or processes sharing the file never interleave), at a
// level TILETUNE_LOG selects. Nothing else in the runtime writes to a stream.
#pragma once

#include <cstdio>
#include <string_view>

namespace tiletune::detail {

// What a line is for. TILETUNE_LOG=N prints the levels up to N.
enum class LogLevel : int {
  // Printed at every TILETUNE_LOG: what changes what runs or how long a launch takes, which the
  // user did not ask about: a fallback, a wait for another process, a stored winner refused, a
  // winner adopted from another rank, a warning.
  notice = 0,
  // TILETUNE_LOG=1: a table per tuning, where a winner came from, how far a long tuning is.
  detail = 1,
  // TILETUNE_LOG=2: every sample.
  sample = 2,
};

class Logger {
 public:
  // Prints nothing.
  Logger() = default;
  // Prints the lines of `level` and below to `file` (none when it is null).
  Logger(std::FILE* file, int level) : file_(file), level_(level) {}

  // What warns before any option is read (the environment's values, the cache directory): stderr.
  static Logger warnings() { return Logger(stderr, 0); }

  // Whether a line of `level` is printed: for a line that costs something to compose.
  bool prints(LogLevel level) const {
    return file_ != nullptr && static_cast<int>(level) <= level_;
  }

  // "tiletune: <line>\n".
  void line(LogLevel level, std::string_view line) const;
  // "tiletune: warning: <line>\n", at every level.
  void warning(std::string_view line) const;
  // `text` as it is, lines already ended (a tuning's table, which names itself).
  void text(LogLevel level, std::string_view text) const;

 private:
  std::FILE* file_ = nullptr;
  int level_ = 0;
};

}  // namespace tiletune::detail
