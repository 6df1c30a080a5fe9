// Compiling yields to measuring: the tuning measures on the application's thread while the
// workers' threads and the NVRTC front-end processes compile what it visits next (builds started
// ahead of their round: tune/search/search.h), and a sample timed while the measuring thread waits
// for a core would be a wrong one. The compile threads run this much nicer than the thread that
// started them, the worker processes this much nicer than the main thread of the process that
// started them (Linux: the nice value is per thread, and a process spawned inherits its thread's).
#pragma once

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace tiletune::detail {

inline constexpr int kCompileNiceness = 10;

// The nice value of a compile started by a thread of nice value `reference`: kCompileNiceness
// above it, 19 (the lowest priority) at most.
inline int compile_nice_below(int reference) { return std::min(19, reference + kCompileNiceness); }

// Sets the calling thread kCompileNiceness below thread `reference` (a thread id, or a process
// id for that process's main thread, as getpriority reads them); a failure leaves it as it was.
inline void set_compile_priority_below_thread(id_t reference) {
  ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)),
                compile_nice_below(::getpriority(PRIO_PROCESS, reference)));
}

// Lowers the calling thread's priority by kCompileNiceness (to the lowest, 19, at most).
inline void lower_compile_priority() {
  set_compile_priority_below_thread(static_cast<id_t>(::syscall(SYS_gettid)));
}

// Sets the calling thread kCompileNiceness below the main thread of process `parent`, rather than
// below itself: an NVRTC worker started by a compile thread, already lowered, would otherwise run
// nicer still than the compiles beside it (19 against their 10) and wait behind them for a core.
// Where `parent` is gone (getpriority reads -1), 9: the worker ends with its pipe anyway.
inline void set_compile_priority_below(pid_t parent) {
  set_compile_priority_below_thread(static_cast<id_t>(parent));
}

}  // namespace tiletune::detail
