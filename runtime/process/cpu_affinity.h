// The CPUs this process may run on. A launcher may narrow them to fewer than the host has:
// Open MPI binds each rank to one core when it starts two or fewer (--bind-to core), to a socket
// when more; Slurm to the task's CPUs; taskset and numactl to what they are given. The compile
// threads and the NVRTC worker processes inherit the set, so that as many of them as the host has
// cores would all queue on the few allowed (2 ranks on a 32-core host, each bound to one core:
// 32 workers each, a 24-configuration matmul's compiles 5.3 s instead of about 0.4).
#pragma once

#include <string>

namespace tiletune::detail {

// CPUs in the calling thread's affinity mask; 0 where it cannot be read.
unsigned cpus_allowed();

// CPUs online on the host; at least 1.
unsigned cpus_online();

// The compile threads when TILETUNE_WORKERS does not say: one per CPU this process may run on (the
// host's cores where the mask cannot be read), at least 1.
unsigned default_compile_threads();

// What a tuning says once per process when it may run on fewer CPUs (`allowed`) than the host has
// online (`online`), compiling with `threads` threads; empty when it may use them all (or
// `allowed` is unknown: 0).
std::string narrowed_cpus_note(unsigned allowed, unsigned online, unsigned threads);

}  // namespace tiletune::detail
