// A second process with the results file and the disk cache from a first: the time from the first
// launch call to its completion, and the compiles it did. Goal: <= 20 ms and 0 compiles. The
// benchmark runs itself twice as child processes on a fresh cache directory and reports the
// second; CUDA context creation is reported apart (it is the driver's, paid by any CUDA program).
// Skips without a GPU.
#include "tuning_bench_support.h"

#include "compile/nvrtc_compiler.h"
#include "store/disk_cache.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

int child() {
  Clock::time_point start = Clock::now();
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("warm_start");
  if (!device) return 0;
  double context_ms = seconds_since(start) * 1000;
  detail::Device& d = *device;
  auto compiler = std::make_shared<detail::NvrtcCompiler>(
      detail::DiskCache::open(std::getenv("TILETUNE_CACHE_DIR")));
  Runtime runtime(std::move(device), compiler, RuntimeOptions::from_environment());
  const int n = 1024;
  MatmulLaunch matmul(d, n);
  Site site(matmul_site(), &runtime);
  double first_launch_ms = matmul.first_launch_seconds(site) * 1000;
  const detail::CompileCounters& k = compiler->counters();
  std::printf("context_ms=%.1f first_launch_ms=%.3f compiles=%d disk_loads=%d from_file=%d\n",
              context_ms, first_launch_ms, k.front_end_runs.load() + k.machine_code_runs.load(),
              k.disk_loads.load(), site.result(key(n))->from_file ? 1 : 0);
  return 0;
}

std::string run_child(const std::string& dir) {
  std::string command = "TILETUNE_CACHE_DIR='" + dir + "' TILETUNE_RESULTS_FILE='" + dir +
                        "/results.txt' /proc/" + std::to_string(::getpid()) + "/exe --child";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  std::string out;
  char line[512];
  while (pipe && std::fgets(line, sizeof line, pipe)) out += line;
  if (pipe) ::pclose(pipe);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--child") == 0) return child();
  if (!open_gpu_or_skip("warm_start")) return 0;
  char pattern[] = "/tmp/tiletune-warm-start-XXXXXX";
  if (!::mkdtemp(pattern)) {
    std::perror("warm_start: mkdtemp");
    return 1;
  }
  std::string dir = pattern;
  std::string first = run_child(dir);
  std::string second = run_child(dir);
  std::system(("rm -rf '" + dir + "'").c_str());
  double first_ms = 0, second_ms = 0;
  int compiles = -1, from_file = 0;
  const char* at = std::strstr(first.c_str(), "first_launch_ms=");
  if (at) std::sscanf(at, "first_launch_ms=%lf", &first_ms);
  at = std::strstr(second.c_str(), "first_launch_ms=");
  if (!at) {
    std::printf("warm_start: the child process failed:\n%s%s", first.c_str(), second.c_str());
    return 1;
  }
  std::sscanf(at, "first_launch_ms=%lf compiles=%d", &second_ms, &compiles);
  std::sscanf(std::strstr(second.c_str(), "from_file="), "from_file=%d", &from_file);
  std::printf("warm_start: 24-configuration matmul site\n");
  std::printf("  first process (cold: tunes):   %s", first.c_str());
  std::printf("  second process (warm):         %s", second.c_str());
  std::printf(
      "  second process: first tuned launch %.3f ms (goal <= 20), %d compiles (goal 0), "
      "winner from the results file: %s; ratio to the cold first launch %.4f\n",
      second_ms, compiles, from_file ? "yes" : "no", second_ms / first_ms);
  return 0;
}
