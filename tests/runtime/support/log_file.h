// A log for the runtime to write to in a test (an anonymous temporary file), and what it holds.
#pragma once

#include <cstdio>
#include <string>

namespace tiletune::testing {

class LogFile {
 public:
  LogFile() : file_(std::tmpfile()) {}
  ~LogFile() {
    if (file_) std::fclose(file_);
  }
  LogFile(const LogFile&) = delete;
  LogFile& operator=(const LogFile&) = delete;

  std::FILE* get() const { return file_; }

  // Everything written so far; later writes go after it (reading leaves the position at the end).
  std::string text() const {
    std::fflush(file_);
    std::rewind(file_);
    std::string text;
    for (int c; (c = std::fgetc(file_)) != EOF;) text += static_cast<char>(c);
    return text;
  }

 private:
  std::FILE* file_;
};

}  // namespace tiletune::testing
