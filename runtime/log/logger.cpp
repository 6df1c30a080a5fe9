#include "log/logger.h"

#include <string>

namespace tiletune::detail {

void Logger::line(LogLevel level, std::string_view line) const {
  if (prints(level)) text(level, "tiletune: " + std::string(line) + "\n");
}

void Logger::warning(std::string_view line) const {
  if (prints(LogLevel::notice))
    text(LogLevel::notice, "tiletune: warning: " + std::string(line) + "\n");
}

void Logger::text(LogLevel level, std::string_view text) const {
  // One call: the stream's lock keeps the whole of it together.
  if (prints(level)) std::fwrite(text.data(), 1, text.size(), file_);
}

}  // namespace tiletune::detail
