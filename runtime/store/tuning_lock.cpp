#include "store/tuning_lock.h"

#include "files/files.h"
#include "files/trust.h"
#include "hash/content_hash.h"
#include "store/results_trust.h"

namespace tiletune::detail {
namespace {

std::string lock_directory_of(const std::string& results_path) { return results_path + ".locks"; }

// Why no lock can be taken beside `results_path` ("" when one can): its directory made, its lock
// directory made and trusted.
std::string lock_directory_problem(const std::string& results_path) {
  const std::string directory = lock_directory_of(results_path);
  if (std::string error = files::make_directories(directory); !error.empty()) return error;
  if (std::string why = files::untrusted_directory_because(directory); !why.empty())
    return "lock directory '" + directory + "' " + why;
  return {};
}

}  // namespace

std::string TuningLock::path_for(const std::string& results_path, const StoredResult& identity) {
  return lock_directory_of(results_path) + "/" + hex64(fnv1a64(identity_text(identity))) + ".lock";
}

TuningLock::TuningLock(const std::string& results_path, const StoredResult& identity,
                       std::chrono::milliseconds timeout, std::FILE* log) {
  auto without_lock = [&](const std::string& problem) {
    if (log)
      std::fprintf(log,
                   "tiletune: %s: %s; tuning without the lock that keeps processes from "
                   "tuning it twice\n",
                   identity.site.c_str(), problem.c_str());
  };
  if (const std::string parent = files::parent_of(results_path); !parent.empty())
    if (std::string error = files::make_directories(parent); !error.empty()) {
      without_lock(error);
      return;
    }
  // A refused results file is warned of by the results file; nothing is created beside it.
  if (!results_path_refusal(results_path).empty()) return;
  const std::string path = path_for(results_path, identity);
  if (std::string problem = lock_directory_problem(results_path); !problem.empty()) {
    without_lock(problem);
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

TuningLock::~TuningLock() {
  if (lock_) lock_->release_and_remove();
}

}  // namespace tiletune::detail
