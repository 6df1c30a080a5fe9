// An advisory lock across processes, held for a scope: writers of one file take turns, readers
// share it. The kernel releases it when the holder closes it or dies.
//
// Every wait has a deadline: a holder that is stopped, hung, or another user's process never
// keeps a waiter forever. A lock file may be removed by its holder when it is done with it
// (release_and_remove), so that locks named per key do not pile up: a waiter that then finds it
// locked a file no longer at `path` opens the path again, so no two processes ever hold the lock
// on one path at once.
#pragma once

#include <chrono>
#include <string>

namespace tiletune::detail {

class FileLock {
 public:
  enum class Mode { kExclusive, kShared };

  // Waits at most `timeout` (zero: tries once) for the lock on `path` (created, 0600, if missing;
  // a symbolic link there is refused). Not held afterwards when another holder kept it that long
  // (busy() is then true), or when the file could not be opened or locked.
  FileLock(const std::string& path, std::chrono::milliseconds timeout,
           Mode mode = Mode::kExclusive);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  bool held() const { return fd_ >= 0; }
  // Not held because another holder kept it past the timeout.
  bool busy() const { return busy_; }
  // Why it is not held ("" when it is). When busy: "another process held the lock on PATH longer
  // than N s", the words every lock of tiletune gives up with.
  const std::string& error() const { return error_; }

  // Removes the lock file, then releases the lock (exclusive holders only): the next process to
  // lock `path` creates it afresh, and one already waiting on the removed file opens it again.
  void release_and_remove();

 private:
  // Waits for the lock on the file open as fd_ until `deadline`; false (fd_ closed, error_ and
  // busy_ set) when it is not had.
  bool wait_for_lock(std::chrono::steady_clock::time_point deadline,
                     std::chrono::milliseconds timeout);

  std::string path_;
  Mode mode_;
  int fd_ = -1;
  bool busy_ = false;
  std::string error_;
};

// "another process held the lock on PATH longer than N s": what a wait that timed out says.
std::string lock_timeout_text(const std::string& path, std::chrono::milliseconds timeout);

}  // namespace tiletune::detail
