// The CPUs this process may use, which can be fewer than the host has in two ways:
// - its affinity mask, narrowed by a launcher: Open MPI binds each rank to one core when it starts
//   two or fewer (--bind-to core), to a socket when more; Slurm to the task's CPUs; taskset and
//   numactl to what they are given. The compile threads and the NVRTC worker processes inherit it,
//   so that as many of them as the host has cores would all queue on the few allowed (2 ranks on a
//   32-core host, each bound to one core: 32 workers each, a 24-configuration matmul's compiles
//   5.3 s instead of about 0.4);
// - its cgroup's CPU limit (cgroup v2 cpu.max, v1 cpu.cfs_quota_us), as a container's --cpus or a
//   Kubernetes limit sets it: the mask still shows every core, but the processes together get the
//   limit's worth of CPU time, and one NVRTC worker per host core would cost a worker's memory
//   each for nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

// CPUs in the calling thread's affinity mask; 0 where it cannot be read.
unsigned cpus_allowed();

// CPUs online on the host; at least 1.
unsigned cpus_online();

// The CPU limit (quota over period, in CPUs) of the cgroup that `proc_self_cgroup` (the text of
// /proc/self/cgroup) names, read under `mount` (/sys/fs/cgroup): the cgroup v1 cpu controller's
// cpu.cfs_quota_us and cpu.cfs_period_us where it has one, else cgroup v2's cpu.max; the lowest of
// the cgroup's and its ancestors' up to `mount`. Where the cgroup's directory is not there (a
// container that sees the host's path without its own cgroup namespace), `mount`'s own. None
// where nothing sets one ("max", -1, no file, unreadable text).
std::optional<double> cgroup_cpu_limit(std::string_view proc_self_cgroup, const std::string& mount);

// This process's: /proc/self/cgroup under /sys/fs/cgroup.
std::optional<double> cgroup_cpu_limit();

struct UsableCpus {
  unsigned count = 1;           // what the process may use: the narrower of the two, at least 1
  unsigned online = 1;          // the host's
  unsigned allowed = 0;         // its affinity mask's (0: unknown)
  std::optional<double> limit;  // its cgroup's
};

// `allowed` CPUs in the mask and a cgroup `limit` on a host of `online`.
UsableCpus usable_cpus(unsigned allowed, std::optional<double> limit, unsigned online);

// This process's.
UsableCpus usable_cpus();

// The compile threads when TILETUNE_WORKERS does not say: one per CPU this process may use.
unsigned default_compile_threads();

// What a tuning says once per process when it may use fewer CPUs than the host has, compiling with
// `threads` threads: which of the two narrows them, and what would give it more; empty when it
// may use them all.
std::string narrowed_cpus_note(const UsableCpus& cpus, unsigned threads);

}  // namespace tiletune::detail
