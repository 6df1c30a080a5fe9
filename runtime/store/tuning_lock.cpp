#include "store/tuning_lock.h"

#include "files/files.h"
#include "hash/content_hash.h"

#include <cstdio>

namespace tiletune::detail {

std::string TuningLock::path_for(const std::string& results_path, const StoredResult& identity) {
  const std::size_t slash = results_path.find_last_of('/');
  const std::string directory =
      slash == std::string::npos ? std::string(".") : results_path.substr(0, slash);
  // The identity as the results file would write it: the same text in every process.
  StoredResult named;
  named.site = identity.site;
  named.code = identity.code;
  named.device = identity.device;
  named.key = identity.key;
  named.hints = identity.hints;
  return directory + "/locks/" + hex64(fnv1a64(format_results({named}))) + ".lock";
}

TuningLock::TuningLock(const std::string& results_path, const StoredResult& identity,
                       std::chrono::milliseconds timeout, const Logger& log) {
  const std::string path = path_for(results_path, identity);
  if (std::string error = files::make_directories(files::parent_of(path)); !error.empty()) {
    log.line(LogLevel::notice, identity.site + ": " + error +
                                   "; tuning without the lock that keeps processes from tuning "
                                   "it twice");
    return;
  }
  lock_.emplace(path, std::chrono::milliseconds(0));
  if (lock_->held()) return;
  if (lock_->busy()) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(timeout.count()) / 1000);
    log.line(LogLevel::notice, identity.site + ": another process is tuning it (" + path +
                                   "): waiting up to " + seconds + " s for its winner");
    lock_.emplace(path, timeout);
    if (lock_->held()) return;
  }
  log.line(LogLevel::notice, identity.site + ": " + lock_->error() + "; tuning it here as well");
}

}  // namespace tiletune::detail
