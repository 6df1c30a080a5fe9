#include "process/cpu_affinity.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

namespace tiletune::detail {

unsigned cpus_allowed() {
  // The mask's size is the kernel's: a host with more CPUs than a guess takes a larger set (the
  // call fails with EINVAL on one too small).
  for (int cpus = 1024; cpus <= (1 << 20); cpus *= 2) {
    cpu_set_t* set = CPU_ALLOC(cpus);
    if (!set) return 0;
    const std::size_t size = CPU_ALLOC_SIZE(cpus);
    CPU_ZERO_S(size, set);
    if (::sched_getaffinity(0, size, set) == 0) {
      const unsigned count = static_cast<unsigned>(CPU_COUNT_S(size, set));
      CPU_FREE(set);
      return count;
    }
    CPU_FREE(set);
  }
  return 0;
}

unsigned cpus_online() {
  const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  if (online > 0) return static_cast<unsigned>(online);
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned default_compile_threads() {
  const unsigned allowed = cpus_allowed();
  return allowed ? allowed : cpus_online();
}

std::string narrowed_cpus_note(unsigned allowed, unsigned online, unsigned threads) {
  if (allowed == 0 || allowed >= online) return "";
  return "this process may run on " + std::to_string(allowed) + " of the host's " +
         std::to_string(online) +
         " CPUs (its CPU affinity, as mpirun --bind-to core, taskset or a batch system's binding "
         "sets it): the tuning compiles on " +
         (allowed == 1 ? std::string("that one") : "those " + std::to_string(allowed)) + " with " +
         std::to_string(threads) + (threads == 1 ? " thread" : " threads") +
         " (TILETUNE_WORKERS sets how many); to tune faster, let the process use more (mpirun: "
         "--bind-to none, or --bind-to socket)";
}

}  // namespace tiletune::detail
