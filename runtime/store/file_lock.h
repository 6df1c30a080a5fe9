// An exclusive advisory lock across processes, held for a scope: writers of one file take turns.
// The kernel releases it when the holder closes it or dies.
#pragma once

#include <chrono>
#include <string>

namespace tiletune::detail {

class FileLock {
 public:
  // Waits for the lock on `path` (created, 0600, if missing; a symbolic link there is refused).
  explicit FileLock(const std::string& path);
  // Waits at most `timeout` (zero: tries once); not held afterwards when another holder kept it
  // that long (busy() is then true).
  FileLock(const std::string& path, std::chrono::milliseconds timeout);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  bool held() const { return fd_ >= 0; }
  // Not held because another holder kept it past the timeout.
  bool busy() const { return busy_; }
  // Why it is not held ("" when it is).
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  bool busy_ = false;
  std::string error_;
};

}  // namespace tiletune::detail
