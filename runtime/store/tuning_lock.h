// One tuning per identity (site, key, hints, device) across the processes that share a results
// file: the first to tune holds an advisory lock named by the identity's hash in `locks/` beside
// the file; the others wait for it (bounded, said in the log) and then find its winner in the
// file. The kernel releases the lock when its holder exits or dies, so a killed tuner never
// blocks the next one.
#pragma once

#include "log/logger.h"
#include "store/file_lock.h"
#include "store/results_format.h"

#include <chrono>
#include <optional>
#include <string>

namespace tiletune::detail {

class TuningLock {
 public:
  // Takes the lock for `identity` beside `results_path`, waiting at most `timeout` for another
  // process's tuning. Not held when it could not be taken (no directory, timed out): the caller
  // then tunes without it, and `log` says why.
  TuningLock(const std::string& results_path, const StoredResult& identity,
             std::chrono::milliseconds timeout, const Logger& log);

  bool held() const { return lock_ && lock_->held(); }
  // Where the lock is: <directory of the results file>/locks/<hash of the identity>.lock.
  static std::string path_for(const std::string& results_path, const StoredResult& identity);

 private:
  std::optional<FileLock> lock_;
};

}  // namespace tiletune::detail
