// Where the NVRTC worker program (tiletune-nvrtc-worker) is: $TILETUNE_NVRTC_WORKER if set (and
// then only there); else where the build put it, where `cmake --install` puts it
// (libexec/tiletune/), or next to this process's own program (where scripts/stage_device.sh
// stages it), the first of these that is an executable file; else the copy built into libtiletune
// (compile/built_in/), run from memory.
#pragma once

#include <string>

namespace tiletune::detail {

struct WorkerSearch {
  std::string path;     // empty when there is no worker to run
  std::string why_not;  // then: where it looked and what it found, for the log
};

WorkerSearch find_nvrtc_worker();

// The worker built into libtiletune, written once into an anonymous in-memory file that stays open
// for the life of the process: the path to run it by, or "" with `problem` set.
std::string built_in_nvrtc_worker_path(std::string& problem);

}  // namespace tiletune::detail
