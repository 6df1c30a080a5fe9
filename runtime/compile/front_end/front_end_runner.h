// Where NVRTC front ends run. NVRTC does not scale across the threads of one process (H100 host,
// 24 matmul programs: 16 threads make each compile 2.6x slower than one alone), but separate
// processes do (16 at once, each as fast as one alone). So by default each compile thread hands
// its programs to an NVRTC worker process of its own (worker_pool.h); in-process remains where no
// worker is found or TILETUNE_COMPILE_PROCESSES=0. Both give the same output and throw the same.
#pragma once

#include "nvrtc/nvrtc_front_end.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tiletune::detail {

class FrontEndRunner {
 public:
  virtual ~FrontEndRunner() = default;
  // As compile_to_ptx(input, name_expressions), from whichever thread.
  virtual FrontEndBatchOutput run(const FrontEndInput& input,
                                  const std::vector<std::string>& name_expressions) = 0;
  // Starts, in the background, what the first `threads` compile threads to run at once would
  // start (worker processes, NVRTC in each): once per process, later calls do nothing. The
  // default (front ends in the compile threads) has nothing to start.
  virtual void start_ahead(unsigned threads) { (void)threads; }
};

// A line for the user at TILETUNE_LOG=1 and above (what the runtime did instead, and why),
// without the "tiletune: " the log puts before it.
using LogLine = std::function<void(const std::string& line)>;

// How long an NVRTC worker may take over one request by default (TILETUNE_NVRTC_WORKER_TIMEOUT).
// A heavy template kernel (a CUTLASS GEMM, a batch of its configurations) takes tens of seconds in
// NVRTC, more on a loaded host; five minutes is far past that, and still an end to a worker that
// hangs, is stopped or never answers.
inline constexpr std::chrono::seconds kWorkerTimeoutDefault{300};

// What the worker processes are given.
struct WorkerSettings {
  // At TILETUNE_LOG=1 and above: a request compiled in this process instead, and why.
  LogLine log;
  // Always: a worker that did not answer in time (the application waited for it that long).
  LogLine warn;
  std::chrono::milliseconds timeout = kWorkerTimeoutDefault;
};

// compile_to_ptx in the calling thread.
std::shared_ptr<FrontEndRunner> in_process_front_ends();

// The runner of this process, made on first use from the environment and shared by every
// compiler after (so a later compiler finds the workers already started): worker processes
// (nvrtc_worker_path.h finds the program) unless TILETUNE_COMPILE_PROCESSES=0 or none is found,
// each of those said once on stderr at TILETUNE_LOG=1 and above; a worker that is late is said
// at every level.
std::shared_ptr<FrontEndRunner> front_ends_from_environment();

// As front_ends_from_environment, with `processes_wanted` for TILETUNE_COMPILE_PROCESSES and
// `settings` for the rest; made anew on each call.
std::shared_ptr<FrontEndRunner> choose_front_ends(bool processes_wanted, WorkerSettings settings);

}  // namespace tiletune::detail
