// Where the NVRTC worker program (tiletune-nvrtc-worker) is: $TILETUNE_NVRTC_WORKER if set (and
// then only there); else where the build put it, where `cmake --install` puts it
// (libexec/tiletune/), or next to this process's own program (where scripts/stage_device.sh
// stages it), the first of these that is an executable file.
#pragma once

#include <string>

namespace tiletune::detail {

struct WorkerSearch {
  std::string path;     // empty when there is no worker to run
  std::string why_not;  // then: where it looked and what it found, for the log
};

WorkerSearch find_nvrtc_worker();

}  // namespace tiletune::detail
