#include "store/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

namespace tiletune::detail {
namespace {

// Never through a symbolic link (it would create or lock a file elsewhere), never blocking on a
// FIFO. Where the file cannot be created or written (a read-only file system holding a results
// file to read), one already there is locked through a read-only descriptor: flock needs no more.
int open_lock_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
  if (fd >= 0 || (errno != EACCES && errno != EROFS)) return fd;
  const int first_error = errno;
  const int read_only = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (read_only < 0) errno = first_error;
  return read_only;
}

// Whether `path` still names the file open as `fd`: its holder may have removed it meanwhile.
bool still_at_path(int fd, const std::string& path) {
  struct stat opened {
  }, named{};
  return ::fstat(fd, &opened) == 0 && ::lstat(path.c_str(), &named) == 0 &&
         opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
}

// How often a waiter opens the path again after its holder removed the file it waited on, before
// it gives up: each time means another process took and released the lock meanwhile.
constexpr int kMostReopens = 1000;

}  // namespace

std::string lock_timeout_text(const std::string& path, std::chrono::milliseconds timeout) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(timeout.count()) / 1000);
  return "another process held the lock on " + path + " longer than " + seconds + " s";
}

FileLock::FileLock(const std::string& path, std::chrono::milliseconds timeout, Mode mode)
    : path_(path), mode_(mode) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (int reopened = 0; reopened <= kMostReopens; ++reopened) {
    fd_ = open_lock_file(path_);
    if (fd_ < 0) {
      error_ = "cannot open " + path_ + ": " + std::strerror(errno);
      return;
    }
    if (!wait_for_lock(deadline, timeout)) return;
    if (still_at_path(fd_, path_)) return;
    ::close(fd_);
    fd_ = -1;
  }
  error_ = "cannot lock " + path_ + ": it was removed and created again " +
           std::to_string(kMostReopens) + " times while waited for";
}

bool FileLock::wait_for_lock(std::chrono::steady_clock::time_point deadline,
                             std::chrono::milliseconds timeout) {
  const int operation = (mode_ == Mode::kShared ? LOCK_SH : LOCK_EX) | LOCK_NB;
  // Polling with a growing pause: flock has no timed wait, and a holder may take minutes.
  std::chrono::milliseconds pause(1);
  while (::flock(fd_, operation) != 0) {
    const int error = errno;
    const auto now = std::chrono::steady_clock::now();
    if (error == EINTR) continue;
    if (error != EWOULDBLOCK || now >= deadline) {
      busy_ = error == EWOULDBLOCK;
      error_ = busy_ ? lock_timeout_text(path_, timeout)
                     : "cannot lock " + path_ + ": " + std::strerror(error);
      ::close(fd_);
      fd_ = -1;
      return false;
    }
    std::this_thread::sleep_for(
        std::min<std::chrono::steady_clock::duration>(pause, deadline - now));
    pause = std::min(pause * 2, std::chrono::milliseconds(100));
  }
  return true;
}

void FileLock::release_and_remove() {
  if (fd_ < 0) return;
  // Only a holder removes, so the file at the path is the one held: no one can have replaced it.
  if (mode_ == Mode::kExclusive) ::unlink(path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace tiletune::detail
