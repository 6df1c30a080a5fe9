#include "driver/output_files.h"

#include "driver/output_paths.h"
#include "files/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tiletune::tool {
namespace {

// The null device is written to, never replaced (output_paths.h); the descriptor is checked to be
// that device, so that a path changed since it was checked is not written through.
bool write_through_null_device(const std::string& path, const std::string& text,
                               std::string& error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
  struct stat found {};
  if (::fstat(fd, &found) != 0 || !is_null_device(found)) {
    ::close(fd);
    error = "cannot write " + path + ": it changed after it was checked to be the null device";
    return false;
  }
  bool ok = files::write_all(fd, text);
  int failure = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    failure = errno;
  }
  if (!ok) error = "cannot write " + path + ": " + std::strerror(failure);
  return ok;
}

}  // namespace

// The runtime's store holds the one write-then-rename.
bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
  if (is_null_device(path)) return write_through_null_device(path, text, error);
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
