// The runtime's options: the tuner's settings, the workers and the results file, read from the
// environment for the process-wide runtime.
#pragma once

#include "compile/front_end/front_end_runner.h"
#include "compile/nvrtc_compiler.h"
#include "tune/tuning_request.h"

#include <chrono>
#include <functional>
#include <string>

namespace tiletune {

struct RuntimeOptions : detail::TuningSettings {
  unsigned workers = 0;  // TILETUNE_WORKERS; 0: one per CPU the process may use
  // TILETUNE_COMPILE_PROCESSES: NVRTC front ends in worker processes (1) or in the compile threads
  // (0). Read from the environment by the compiler itself (compile/front_end/front_end_runner.h);
  // here so that a bad value is warned of with the rest.
  bool compile_processes = true;
  // How long an NVRTC worker may take over one request before it is taken for hung, killed and
  // replaced, and the request compiled in this process. TILETUNE_NVRTC_WORKER_TIMEOUT, in seconds.
  std::chrono::milliseconds nvrtc_worker_timeout{detail::kWorkerTimeoutDefault};
  // NVRTC's precompiled headers (compile/nvrtc_compiler.h). TILETUNE_PCH.
  detail::PchMode pch = detail::PchMode::kAuto;
  // Where winners are kept across processes ("": memory only). TILETUNE_RESULTS_FILE, else
  // results.txt in the cache directory.
  std::string results_file;
  // How long a first launch waits for another process tuning the same key before tuning it
  // itself. TILETUNE_LOCK_TIMEOUT, in seconds.
  std::chrono::milliseconds tuning_lock_timeout{600'000};

  using Warn = std::function<void(const std::string& message)>;

  // TILETUNE_DISABLE (a boolean: settings/boolean_variable.h), TILETUNE_MODE (tune or pinned),
  // TILETUNE_SEARCH (auto, exhaustive or sample), TILETUNE_MEASURE (eager, graph or cold),
  // TILETUNE_BUDGET (0 to 86400 s),
  // TILETUNE_LOCK_TIMEOUT (0 to 86400 s), TILETUNE_LOG (0 to 2), TILETUNE_WORKERS (0 to 1024),
  // TILETUNE_COMPILE_PROCESSES (a boolean), TILETUNE_NVRTC_WORKER_TIMEOUT (1 to 86400 s),
  // TILETUNE_PCH (a boolean or auto), TILETUNE_RESULTS_FILE and the cache directory. A number
  // out of range is taken as the nearest end of the range, anything else as if unset, each after
  // one call to `warn` naming the variable, its value, what is accepted and what is used
  // (default: "tiletune: warning: ..." on stderr). Never throws for a value.
  static RuntimeOptions from_environment(const Warn& warn = {});
};

}  // namespace tiletune
