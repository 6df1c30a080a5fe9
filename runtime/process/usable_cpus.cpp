#include "process/usable_cpus.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

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

namespace {

namespace fs = std::filesystem;

std::optional<std::string> first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

// `quota` over `period` in CPUs, each a positive number written whole; none otherwise ("max",
// -1: no limit; anything unreadable).
std::optional<double> cpus_of(const std::optional<std::string>& quota,
                              const std::optional<std::string>& period) {
  const auto positive = [](const std::optional<std::string>& text) -> std::optional<double> {
    if (!text || text->empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(text->c_str(), &end);
    if (*end != '\0' || !(value > 0)) return std::nullopt;
    return value;
  };
  const std::optional<double> q = positive(quota), p = positive(period);
  if (!q || !p) return std::nullopt;
  return *q / *p;
}

// A cgroup v2 cpu.max ("QUOTA PERIOD" or "max PERIOD").
std::optional<double> v2_limit(const fs::path& dir) {
  const std::optional<std::string> line = first_line(dir / "cpu.max");
  if (!line) return std::nullopt;
  std::istringstream in(*line);
  std::string quota, period;
  if (!(in >> quota >> period)) return std::nullopt;
  return cpus_of(quota, period);
}

// A cgroup v1 cpu controller's cpu.cfs_quota_us over cpu.cfs_period_us.
std::optional<double> v1_limit(const fs::path& dir) {
  return cpus_of(first_line(dir / "cpu.cfs_quota_us"), first_line(dir / "cpu.cfs_period_us"));
}

// The lowest limit of `path`'s directory under `root` and its ancestors up to `root` (only `root`
// where that directory is not there).
template <class Read>
std::optional<double> lowest_up_to(const fs::path& root, const std::string& path, Read read) {
  std::error_code error;
  fs::path below = fs::path(path).relative_path();
  if (!fs::is_directory(root / below, error)) below.clear();
  std::optional<double> lowest;
  for (;;) {
    if (const std::optional<double> here = read(root / below); here && (!lowest || *here < *lowest))
      lowest = here;
    if (below.empty()) return lowest;
    below = below.parent_path();
  }
}

}  // namespace

std::optional<double> cgroup_cpu_limit(std::string_view proc_self_cgroup,
                                       const std::string& mount) {
  // Lines "ID:CONTROLLERS:PATH"; cgroup v2's is "0::PATH".
  std::optional<std::string> v1_controllers, v1_path, v2_path;
  std::istringstream lines{std::string(proc_self_cgroup)};
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find(':');
    const auto second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (controllers.empty()) {
      v2_path = path;
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');)
      if (name == "cpu") {
        v1_controllers = controllers;
        v1_path = path;
      }
  }
  std::error_code error;
  if (v1_path) {
    // Mounted as "cpu,cpuacct" (a "cpu" link to it beside, mostly) or "cpu" alone.
    for (const std::string& name : {*v1_controllers, std::string("cpu")}) {
      const fs::path root = fs::path(mount) / name;
      if (fs::is_directory(root, error)) return lowest_up_to(root, *v1_path, v1_limit);
    }
    return std::nullopt;
  }
  if (v2_path) return lowest_up_to(fs::path(mount), *v2_path, v2_limit);
  return std::nullopt;
}

std::optional<double> cgroup_cpu_limit() {
  std::ifstream in("/proc/self/cgroup");
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return cgroup_cpu_limit(text.str(), "/sys/fs/cgroup");
}

UsableCpus usable_cpus(unsigned allowed, std::optional<double> limit, unsigned online) {
  UsableCpus cpus;
  cpus.online = std::max(1u, online);
  cpus.allowed = allowed;
  cpus.limit = limit;
  cpus.count = allowed ? allowed : cpus.online;
  // 2.5 CPUs of time keep 3 compiles going (each at 5/6 speed) rather than 2.
  if (limit)
    cpus.count = std::min(cpus.count, static_cast<unsigned>(std::max(1.0, std::ceil(*limit))));
  return cpus;
}

UsableCpus usable_cpus() { return usable_cpus(cpus_allowed(), cgroup_cpu_limit(), cpus_online()); }

unsigned default_compile_threads() { return usable_cpus().count; }

std::string narrowed_cpus_note(const UsableCpus& cpus, unsigned threads) {
  if (cpus.count >= cpus.online) return "";
  const bool by_mask = cpus.allowed != 0 && cpus.allowed == cpus.count;
  char limit[32] = "";
  if (cpus.limit)
    std::snprintf(limit, sizeof limit, *cpus.limit == std::floor(*cpus.limit) ? "%.0f" : "%.2f",
                  *cpus.limit);
  const std::string why =
      by_mask ? "its CPU affinity, as mpirun --bind-to core, taskset or a batch system's binding "
                "sets it"
              : std::string("its cgroup's CPU limit of ") + limit +
                    " CPUs, as a container's --cpus or a Kubernetes limit sets it";
  const std::string remedy = by_mask ? "let the process use more (mpirun: --bind-to none, or "
                                       "--bind-to socket)"
                                     : "raise the limit";
  return "this process may use " + std::to_string(cpus.count) + " of the host's " +
         std::to_string(cpus.online) + " CPUs (" + why + "): the tuning compiles on " +
         (cpus.count == 1 ? std::string("that one") : "those " + std::to_string(cpus.count)) +
         " with " + std::to_string(threads) + (threads == 1 ? " thread" : " threads") +
         " (TILETUNE_WORKERS sets how many); to tune faster, " + remedy;
}

}  // namespace tiletune::detail
