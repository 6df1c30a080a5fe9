// One tuning per identity (site, key, hints, device) across the processes that share a results
// file: the first to tune holds an advisory lock named by the identity's hash in the results
// file's own lock directory (`<results file>.locks/`, so that processes with other results files
// in the same directory never wait on each other); the others wait for it (bounded, said in the
// log) and then find its winner in the file. The kernel releases the lock when its holder exits
// or dies, so a killed tuner never blocks the next one.
//
// The holder removes its lock file when it is done (FileLock::release_and_remove): an application
// with thousands of keys leaves no file per key behind. A killed holder's file stays until the
// next tuning of its identity removes it. Nothing is created for a results file that is refused
// (results_trust.h): no process reads or writes it, so there is nothing to agree on.
#pragma once

#include "store/file_lock.h"
#include "store/results_format.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

namespace tiletune::detail {

class TuningLock {
 public:
  // Takes the lock for `identity` beside `results_path`, waiting at most `timeout` for another
  // process's tuning. Not held when it could not be taken (a refused results file, no directory,
  // timed out): the caller then tunes without it, and `log` (when not null) says why, except for
  // a refused results file, which the results file itself warns of.
  TuningLock(const std::string& results_path, const StoredResult& identity,
             std::chrono::milliseconds timeout, std::FILE* log);
  // Releases the lock and removes its file.
  ~TuningLock();
  TuningLock(const TuningLock&) = delete;
  TuningLock& operator=(const TuningLock&) = delete;

  bool held() const { return lock_ && lock_->held(); }
  // Where the lock is: <results file>.locks/<hash of the identity>.lock.
  static std::string path_for(const std::string& results_path, const StoredResult& identity);

 private:
  std::optional<FileLock> lock_;
};

}  // namespace tiletune::detail
