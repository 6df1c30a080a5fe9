// Where NVRTC front ends run. NVRTC does not scale across the threads of one process (H100 host,
// 24 matmul programs: 16 threads make each compile 2.6x slower than one alone), but separate
// processes do (16 at once, each as fast as one alone). So by default each compile thread hands
// its programs to an NVRTC worker process of its own (worker_pool.h); in-process remains where no
// worker is found or TILETUNE_COMPILE_PROCESSES=0. Both give the same output and throw the same.
#pragma once

#include "nvrtc/nvrtc_front_end.h"

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
};

// A line for the user at TILETUNE_LOG=1 and above (what the runtime did instead, and why),
// without the "tiletune: " the log puts before it.
using LogLine = std::function<void(const std::string& line)>;

// compile_to_ptx in the calling thread.
std::shared_ptr<FrontEndRunner> in_process_front_ends();

// The runner of this process, made on first use from the environment and shared by every
// compiler after (so a later compiler finds the workers already started): worker processes
// (nvrtc_worker_path.h finds the program) unless TILETUNE_COMPILE_PROCESSES=0 or none is found,
// each of those said once on stderr at TILETUNE_LOG=1 and above.
std::shared_ptr<FrontEndRunner> front_ends_from_environment();

// As front_ends_from_environment, with `processes_wanted` for TILETUNE_COMPILE_PROCESSES and the
// lines given to `log`; made anew on each call.
std::shared_ptr<FrontEndRunner> choose_front_ends(bool processes_wanted, const LogLine& log);

}  // namespace tiletune::detail
