// The runtime's options: the tuner's settings, the workers and the results file, read from the
// environment for the process-wide runtime.
#pragma once

#include "tune/tuning_request.h"

#include <chrono>
#include <string>

namespace tiletune {

struct RuntimeOptions : detail::TuningSettings {
  unsigned workers = 0;  // TILETUNE_WORKERS; 0: the host's cores
  // Where winners are kept across processes ("": memory only). TILETUNE_RESULTS_FILE, else
  // results.txt in the cache directory.
  std::string results_file;
  // How long a first launch waits for another process tuning the same key before tuning it
  // itself. TILETUNE_LOCK_TIMEOUT, in seconds.
  std::chrono::milliseconds tuning_lock_timeout{600'000};

  // TILETUNE_DISABLE, TILETUNE_MODE, TILETUNE_LOCK_TIMEOUT, TILETUNE_LOG, TILETUNE_WORKERS,
  // TILETUNE_RESULTS_FILE and the cache directory. Throws tiletune::Error naming a variable whose
  // value is not a whole number.
  static RuntimeOptions from_environment();
};

}  // namespace tiletune
