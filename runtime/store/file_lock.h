// An exclusive advisory lock across processes, held for a scope: writers of one file take turns.
// The kernel releases it when the holder closes it or dies.
#pragma once

#include <string>

namespace tiletune::detail {

class FileLock {
 public:
  // Waits for the lock on `path` (created, 0600, if missing; a symbolic link there is refused).
  explicit FileLock(const std::string& path);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  bool held() const { return fd_ >= 0; }
  // Why it is not held ("" when it is).
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  std::string error_;
};

}  // namespace tiletune::detail
