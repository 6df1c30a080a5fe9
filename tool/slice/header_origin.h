// How a declaration from a system header came into the translation unit, so the slice can
// #include what NVRTC compiles (a toolkit header) or say which include it cannot follow.
#pragma once

#include "preprocess/preprocessor_record.h"

#include <clang/Basic/SourceManager.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// A header is included (guarded) once, by whichever file got there first, so the chain may run
// through another toolkit header or the compiler's own -include.
struct HeaderOrigin {
  std::optional<std::string> user_include;   // as written in a user file, if the chain has one
  std::vector<std::string> toolkit_headers;  // NVRTC-compilable headers that provide it
};

// The headers the slice #includes, as written, in the order first needed, and the lines it
// writes at global scope after them (standard_library.h: a C library typedef, `std` made to find
// cuda::std), each once.
class SliceIncludes {
 public:
  void add(const std::string& header);
  bool contains(const std::string& header) const;
  const std::vector<std::string>& headers() const { return headers_; }

  void add_line(const std::string& line);
  bool has_line(const std::string& line) const;
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::vector<std::string> headers_;
  std::vector<std::string> lines_;
};

class HeaderOrigins {
 public:
  HeaderOrigins(const clang::SourceManager& sm, const PreprocessorRecord& preprocessor)
      : sm_(sm), preprocessor_(preprocessor) {}

  // The include chain of `file`. Its toolkit headers: the innermost public one on the chain
  // (cuda_fp16.h for __half, however it came in) and the user's own include when NVRTC compiles
  // it; failing both, the outermost NVRTC-compilable header on the chain.
  HeaderOrigin origin_of(clang::FileID file) const;

  // The standard header that declares what is in `file`: the innermost file on the include chain
  // named as standard headers are (<vector>, <cstdint>: no extension), not its internals.
  std::optional<std::string> standard_header_of(clang::FileID file) const;

 private:
  const clang::SourceManager& sm_;
  const PreprocessorRecord& preprocessor_;
};

}  // namespace tiletune::tool
