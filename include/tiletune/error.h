// tiletune's one exception type: what went wrong, and at which annotation.
#pragma once

#include <stdexcept>
#include <string>

namespace tiletune {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A launch value that cannot launch, found at run time (a grid or block dimension of 0 or past
// 32 bits, cld by 0): raised by the geometry's code, which the site turns into an Error that says
// where the annotation is.
class LaunchValueError : public Error {
 public:
  using Error::Error;
};

// A configuration that did not compile. `log` is NVRTC's or the linker's log, whose positions
// point at the user's file (the device source carries #line directives).
class CompileError : public Error {
 public:
  CompileError(const std::string& __tt_what, std::string __tt_log)
      : Error(__tt_what), log_(std::move(__tt_log)) {}
  const std::string& log() const noexcept { return log_; }

 private:
  std::string log_;
};

}  // namespace tiletune
