#include "store/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tiletune::detail {

FileLock::FileLock(const std::string& path)
    // Never through a symbolic link (it would create or lock a file elsewhere), never blocking on
    // a FIFO.
    : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600)) {
  if (fd_ < 0) {
    error_ = "cannot open " + path + ": " + std::strerror(errno);
  } else if (::flock(fd_, LOCK_EX) != 0) {
    error_ = "cannot lock " + path + ": " + std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace tiletune::detail
