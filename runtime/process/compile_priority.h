// Compiling yields to measuring: the tuning measures on the application's thread while the
// workers' threads and the NVRTC front-end processes compile what it visits next (builds started
// ahead of their round: tune/search/search.h), and a sample timed while the measuring thread waits
// for a core would be a wrong one. They run this much nicer than the thread or process that
// started them (Linux: the nice value is per thread, and a process spawned inherits its thread's).
#pragma once

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace tiletune::detail {

inline constexpr int kCompileNiceness = 10;

// Lowers the calling thread's priority by kCompileNiceness (to the lowest, 19, at most); a
// failure leaves it as it was.
inline void lower_compile_priority() {
  const auto thread = static_cast<id_t>(::syscall(SYS_gettid));
  const int now = ::getpriority(PRIO_PROCESS, thread);
  ::setpriority(PRIO_PROCESS, thread, std::min(19, now + kCompileNiceness));
}

}  // namespace tiletune::detail
