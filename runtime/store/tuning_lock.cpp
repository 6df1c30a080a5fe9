#include "store/tuning_lock.h"

#include "files/files.h"
#include "hash/content_hash.h"

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
                       std::chrono::milliseconds timeout, std::FILE* log) {
  const std::string path = path_for(results_path, identity);
  if (std::string error = files::make_directories(files::parent_of(path)); !error.empty()) {
    if (log)
      std::fprintf(log,
                   "tiletune: %s: %s; tuning without the lock that keeps processes from "
                   "tuning it twice\n",
                   identity.site.c_str(), error.c_str());
    return;
  }
  lock_.emplace(path, std::chrono::milliseconds(0));
  if (lock_->held()) return;
  if (lock_->busy()) {
    if (log)
      std::fprintf(log,
                   "tiletune: %s: another process is tuning it (%s): waiting up to %g s for its "
                   "winner\n",
                   identity.site.c_str(), path.c_str(),
                   static_cast<double>(timeout.count()) / 1000);
    lock_.emplace(path, timeout);
    if (lock_->held()) return;
  }
  if (log)
    std::fprintf(log, "tiletune: %s: %s; tuning it here as well\n", identity.site.c_str(),
                 lock_->error().c_str());
}

}  // namespace tiletune::detail
