#include "store/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

namespace tiletune::detail {
namespace {

// Never through a symbolic link (it would create or lock a file elsewhere), never blocking on a
// FIFO.
int open_lock_file(const std::string& path) {
  return ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
}

}  // namespace

FileLock::FileLock(const std::string& path) : fd_(open_lock_file(path)) {
  if (fd_ < 0) {
    error_ = "cannot open " + path + ": " + std::strerror(errno);
  } else if (::flock(fd_, LOCK_EX) != 0) {
    error_ = "cannot lock " + path + ": " + std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
  }
}

FileLock::FileLock(const std::string& path, std::chrono::milliseconds timeout)
    : fd_(open_lock_file(path)) {
  if (fd_ < 0) {
    error_ = "cannot open " + path + ": " + std::strerror(errno);
    return;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  // Polling with a growing pause: flock has no timed wait, and a holder may take minutes.
  std::chrono::milliseconds pause(1);
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    const auto now = std::chrono::steady_clock::now();
    if ((error != EWOULDBLOCK && error != EINTR) || now >= deadline) {
      busy_ = error == EWOULDBLOCK;
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(timeout.count()) / 1000);
      error_ = busy_ ? "another process held the lock on " + path + " longer than " + seconds + " s"
                     : "cannot lock " + path + ": " + std::strerror(error);
      ::close(fd_);
      fd_ = -1;
      return;
    }
    std::this_thread::sleep_for(
        std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(100));
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace tiletune::detail
