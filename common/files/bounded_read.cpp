#include "files/bounded_read.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace tiletune::files {

ReadOutcome read_bounded(int fd, std::size_t limit, std::string& text) {
  text.clear();
  // The size a regular file reports is only a first guess of what to reserve: it may grow, shrink
  // or lie (files under /proc say 0), so the loop reads to the end and counts for itself.
  constexpr std::size_t kChunk = 64 * 1024;
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
    text.reserve(std::min<std::size_t>(static_cast<std::size_t>(info.st_size), limit) + 1);
  std::size_t done = 0;
  while (true) {
    const std::size_t room = std::min(kChunk, limit + 1 - done);
    text.resize(done + room);
    const ssize_t n = ::read(fd, text.data() + done, room);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      text.clear();
      return ReadOutcome::kFailed;
    }
    done += static_cast<std::size_t>(n);
    text.resize(done);
    if (n == 0) return ReadOutcome::kWhole;
    if (done > limit) {
      text.clear();
      return ReadOutcome::kTooLarge;
    }
  }
}

std::string size_text(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace tiletune::files
