// bench/compile: the compiler's figures, on the CPU (NVRTC and nvJitLink need no GPU).
//   compile            all sections below
// It runs itself as a child process for the warm-disk-cache figure and for each precompiled-header
// measurement (NVRTC's PCH state is per process):
//   compile --warm <dir>             request the 12 variants from a cache directory filled earlier
//   compile --pch <kernel> <on|off>  front-end times of one header-heavy kernel, 4 constant sets
//   compile --front-end <n>          compile one distinct matmul in a fresh process
//   compile --scaling                only the threads-vs-processes sections
#include "compile/machine_code/cubin_linker.h"
#include "compile/nvrtc_compiler.h"
#include "nvrtc/nvrtc_front_end.h"
#include "store/disk_cache.h"
#include "tune/thread_pool.h"

#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <set>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace {

using namespace tiletune::detail;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}
double ms(std::int64_t ns) { return static_cast<double>(ns) / 1e6; }

// A small tiled matmul: a 16x16 block computes a TILE x TILE tile, each thread (TILE/16)^2
// outputs, so register pressure grows with TILE and the occupancy hint has work to do.
constexpr std::string_view kMatmulSource = R"(#line 1 "matmul.cu"
template <int TILE>
__global__ void matmul(const float* __restrict__ a, const float* __restrict__ b,
                       float* __restrict__ c, int n) {
  constexpr int kSide = 16;
  constexpr int kStep = 16;
  constexpr int kPer = TILE / kSide;
  __shared__ float as[kStep][TILE];
  __shared__ float bs[kStep][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
  float acc[kPer][kPer] = {};
  for (int k0 = 0; k0 < n; k0 += kStep) {
    for (int i = ty * kSide + tx; i < kStep * TILE; i += kSide * kSide) {
      const int kk = i / TILE, m = i % TILE;
      as[kk][m] = a[(row0 + m) * n + k0 + kk];
      bs[kk][m] = b[(k0 + kk) * n + col0 + m];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < kStep; ++kk) {
      float ra[kPer], rb[kPer];
#pragma unroll
      for (int i = 0; i < kPer; ++i) {
        ra[i] = as[kk][ty + i * kSide];
        rb[i] = bs[kk][tx + i * kSide];
      }
#pragma unroll
      for (int i = 0; i < kPer; ++i)
#pragma unroll
        for (int j = 0; j < kPer; ++j) acc[i][j] += ra[i] * rb[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < kPer; ++i)
#pragma unroll
    for (int j = 0; j < kPer; ++j) c[(row0 + ty + i * kSide) * n + col0 + tx + j * kSide] = acc[i][j];
}
)";

constexpr int kTiles[] = {16, 32, 64, 128};
constexpr unsigned kOccupancies[] = {1, 2, 4};

CompileRequest matmul_request(int tile, unsigned occupancy) {
  CompileRequest r;
  r.source = kMatmulSource;
  r.source_name = "matmul.cu";
  r.name_expression = "matmul<" + std::to_string(tile) + ">";
  r.arch = 90;
  r.hints.max_threads[0] = 16;
  r.hints.max_threads[1] = 16;
  r.hints.max_threads[2] = 1;
  r.hints.min_blocks_per_sm = occupancy;
  r.description = "tile=" + std::to_string(tile) + " occupancy=" + std::to_string(occupancy);
  return r;
}

std::vector<CompileRequest> all_variants() {
  std::vector<CompileRequest> requests;
  for (int tile : kTiles)
    for (unsigned occupancy : kOccupancies) requests.push_back(matmul_request(tile, occupancy));
  return requests;
}

// NVRTC's first program in a process pays for loading its builtins; keep that out of figures.
void warm_up_nvrtc() {
  NvrtcCompiler compiler;
  CompileRequest r;
  r.source = "__global__ void warm(float* x) { x[threadIdx.x] = 1.0f; }";
  r.source_name = "warm.cu";
  r.name_expression = "warm";
  r.arch = 90;
  compiler.compile(r);
}

int run_child(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"/proc/self/exe"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  pid_t pid = 0;
  if (::posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// CPU time in user and kernel mode, and page faults: where parallel compiles spend their time.
struct Usage {
  double user_ms = 0, system_ms = 0;
  long faults = 0;
  Usage operator-(const Usage& o) const {
    return {user_ms - o.user_ms, system_ms - o.system_ms, faults - o.faults};
  }
  std::string text() const {
    char line[64];
    std::snprintf(line, sizeof line, "%.0f/%.0f ms, %ldk", user_ms, system_ms, faults / 1000);
    return line;
  }
};

Usage usage(int who) {
  rusage r{};
  ::getrusage(who, &r);
  auto ms_of = [](const timeval& t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
  return {ms_of(r.ru_utime), ms_of(r.ru_stime), r.ru_minflt};
}

// One front end the others do not share: the same matmul, made distinct by a macro.
CompileRequest distinct_front_end(int index) {
  CompileRequest r = matmul_request(64, 1);
  r.options.push_back("-DTILETUNE_BENCH_VARIANT=" + std::to_string(index));
  return r;
}

int front_end_child(int index) {
  NvrtcCompiler compiler(nullptr, PchMode::kOff);
  return compiler.compile(distinct_front_end(index))->cubin.empty() ? 1 : 0;
}

// k distinct front ends at once: on k threads of this process (NVRTC already loaded), and in k
// new processes (each loading NVRTC and nvJitLink itself). Says whether NVRTC runs in parallel
// within one process as well as it does across processes.
void front_end_scaling() {
  std::printf(
      "== k distinct matmul compiles at once: k threads of one process vs k new processes\n");
  std::printf("   %3s %14s %16s %20s %16s %20s\n", "k", "threads wall", "each (summed/k)",
              "cpu user/sys, faults", "processes wall", "cpu user/sys, faults");
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  int next = 1000;
  for (unsigned k : {1u, 2u, 4u, 8u, 12u, 16u}) {
    if (k > cores) break;
    NvrtcCompiler compiler(nullptr, PchMode::kOff);
    std::vector<std::thread> threads;
    const Usage self_before = usage(RUSAGE_SELF);
    Clock::time_point start = Clock::now();
    for (unsigned i = 0; i < k; ++i)
      threads.emplace_back(
          [&compiler, index = next++] { compiler.compile(distinct_front_end(index)); });
    for (std::thread& t : threads) t.join();
    const double threads_wall = ms_since(start);
    const Usage threads_usage = usage(RUSAGE_SELF) - self_before;
    const Usage children_before = usage(RUSAGE_CHILDREN);
    const double each =
        ms(compiler.counters().front_end_ns + compiler.counters().machine_code_ns) / k;

    std::vector<pid_t> children;
    start = Clock::now();
    for (unsigned i = 0; i < k; ++i) {
      std::string self = "/proc/self/exe", flag = "--front-end", index = std::to_string(next++);
      char* argv[] = {self.data(), flag.data(), index.data(), nullptr};
      pid_t pid = 0;
      if (::posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv, environ) == 0)
        children.push_back(pid);
    }
    bool ok = children.size() == k;
    for (pid_t pid : children) {
      int status = 0;
      ::waitpid(pid, &status, 0);
      ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    const double processes_wall = ms_since(start);
    const Usage processes_usage = usage(RUSAGE_CHILDREN) - children_before;
    std::printf("   %3u %11.0f ms %13.0f ms %20s %13.0f ms %20s%s\n", k, threads_wall, each,
                threads_usage.text().c_str(), processes_wall, processes_usage.text().c_str(),
                ok ? "" : "  (a child failed)");
  }
  std::printf("\n");
}

// k machine-code stages (nvJitLink, PTX to cubin) at once: on k threads of this process, as the
// tuning's workers link a configuration whose hints edit its PTX (compile_stages.h), and in k
// forked processes, as they would if the stage ran in the NVRTC worker processes. Each link's PTX
// carries a comment of its own, so that no cache keyed on the input can serve it. Says whether
// moving the stage out of the process would shorten builds under load (docs/development.md).
void machine_code_scaling(int tile) {
  const std::string entry_name = "matmul<" + std::to_string(tile) + ">";
  const FrontEndOutput front = compile_to_ptx(
      FrontEndInput{kMatmulSource, "matmul.cu", entry_name, {"-std=c++17"}, 90, false});
  const int links = 3;       // per thread or process
  std::atomic<int> next{0};  // with the pid, what makes each link's PTX its own
  // One link's milliseconds; NaN when it failed (a thread or a forked child must not throw).
  const auto link_ms = [&] {
    const std::string ptx = front.ptx + "\n// bench link " + std::to_string(::getpid()) + " " +
                            std::to_string(next++) + "\n";
    const Clock::time_point start = Clock::now();
    try {
      return link_to_cubin(ptx, front.lowered_name, 90).cubin.empty() ? NAN : ms_since(start);
    } catch (const std::exception&) {
      return static_cast<double>(NAN);
    }
  };
  link_ms();  // nvJitLink's first link in a process loads it
  std::printf(
      "== k links of %s at once (nvJitLink, %d each): threads of one process vs forked "
      "processes, mean ms per link\n",
      entry_name.c_str(), links);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned k : {1u, 2u, 4u, 8u, 16u}) {
    if (k > cores) break;
    std::vector<double> summed(k, 0);
    std::vector<std::thread> threads;
    for (unsigned i = 0; i < k; ++i)
      threads.emplace_back([&, i] {
        for (int n = 0; n < links; ++n) summed[i] += link_ms();
      });
    for (std::thread& t : threads) t.join();
    double in_threads = 0;
    for (double s : summed) in_threads += s / (k * links);

    // The children report their sums through a pipe; each one's PTX differs by its pid.
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) {
      std::printf("   k %2u: threads %6.1f ms   processes: no pipe\n", k, in_threads);
      continue;
    }
    std::fflush(stdout);
    std::vector<pid_t> children;
    for (unsigned i = 0; i < k; ++i) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        double sum = 0;
        for (int n = 0; n < links; ++n) sum += link_ms();
        const bool written = ::write(pipe_fds[1], &sum, sizeof sum) == sizeof sum;
        ::_exit(written ? 0 : 1);
      }
      if (pid > 0) children.push_back(pid);
    }
    ::close(pipe_fds[1]);
    double in_processes = 0;
    unsigned reported = 0;
    for (double sum = 0;
         reported < children.size() && ::read(pipe_fds[0], &sum, sizeof sum) == sizeof sum;)
      in_processes += sum / (k * links), ++reported;
    ::close(pipe_fds[0]);
    for (pid_t pid : children) ::waitpid(pid, nullptr, 0);  // not the compilers' workers
    const bool failed = std::isnan(in_threads) || std::isnan(in_processes) || reported != k;
    std::printf("   k %2u: threads %6.1f ms   processes %6.1f ms%s\n", k, in_threads, in_processes,
                failed ? "  (a link or a child failed)" : "");
  }
  std::printf("\n");
}

// The threads-vs-processes sections: front ends, then links of a small and a large kernel.
void scaling() {
  front_end_scaling();
  machine_code_scaling(32);
  machine_code_scaling(128);
}

void front_end_runs_counted() {
  std::printf("== 4 tiles x 3 occupancies (matmul<TILE>, 16x16 threads, sm_90)\n");
  NvrtcCompiler compiler;
  std::set<std::vector<char>> distinct;
  std::printf("   registers per thread:\n   %-10s", "");
  for (unsigned occupancy : kOccupancies) std::printf(" occupancy=%u", occupancy);
  std::printf("\n");
  for (int tile : kTiles) {
    std::printf("   tile=%-5d", tile);
    for (unsigned occupancy : kOccupancies) {
      auto kernel = compiler.compile(matmul_request(tile, occupancy));
      distinct.insert(kernel->cubin);
      std::printf(" %11d", kernel->registers);
    }
    std::printf("\n");
  }
  std::printf(
      "   front-end (NVRTC) runs: %d   machine-code (nvJitLink) runs: %d   distinct cubins: "
      "%zu of 12\n\n",
      compiler.counters().front_end_runs.load(), compiler.counters().machine_code_runs.load(),
      distinct.size());
}

void sixteen_threads_one_key() {
  NvrtcCompiler compiler;
  std::vector<std::thread> threads;
  std::vector<std::shared_ptr<const CompiledKernel>> got(16);
  for (int i = 0; i < 16; ++i)
    threads.emplace_back([&, i] { got[i] = compiler.compile(matmul_request(64, 2)); });
  for (std::thread& t : threads) t.join();
  const bool same = std::all_of(got.begin(), got.end(), [&](auto& k) { return k == got[0]; });
  std::printf(
      "== 16 threads x one key: front-end runs %d, machine-code runs %d, all got the same "
      "variant: %s\n\n",
      compiler.counters().front_end_runs.load(), compiler.counters().machine_code_runs.load(),
      same ? "yes" : "NO");
}

// `batched`: the front ends first go through prepare() as one NVRTC program, as the tuner does
// when a space has more instantiations than workers.
void pool_wall_time(unsigned workers, bool batched) {
  NvrtcCompiler compiler;
  ThreadPool pool(workers);
  const Clock::time_point start = Clock::now();
  if (batched) compiler.prepare(all_variants());
  std::vector<std::future<std::shared_ptr<const CompiledKernel>>> futures;
  for (const CompileRequest& r : all_variants())
    futures.push_back(pool.submit([&compiler, r] { return compiler.compile(r); }));
  for (auto& f : futures) f.get();
  const double wall = ms_since(start);
  const CompileCounters& c = compiler.counters();
  std::printf(
      "   %2u worker%s%s: wall %7.0f ms   front end %6.0f ms (%d program%s, %.0f ms each)   "
      "machine code %6.0f ms (%d runs, %.0f ms each)\n",
      workers, workers == 1 ? " " : "s", batched ? ", batched" : "         ", wall,
      ms(c.front_end_ns), c.front_end_runs.load(), c.front_end_runs == 1 ? " " : "s",
      ms(c.front_end_ns) / c.front_end_runs, ms(c.machine_code_ns), c.machine_code_runs.load(),
      ms(c.machine_code_ns) / c.machine_code_runs);
}

int warm_child(const std::string& directory) {
  NvrtcCompiler compiler(DiskCache::open(directory));
  std::vector<double> each;
  for (const CompileRequest& r : all_variants()) {
    const Clock::time_point start = Clock::now();
    auto kernel = compiler.compile(r);
    if (kernel->cubin.empty()) return 1;
    each.push_back(ms_since(start));
  }
  const CompileCounters& c = compiler.counters();
  std::printf("   second process: compiles %d (front end %d, machine code %d), disk loads %d\n",
              c.front_end_runs + c.machine_code_runs, c.front_end_runs.load(),
              c.machine_code_runs.load(), c.disk_loads.load());
  std::printf("   request to cubin bytes, per variant (ms):");
  for (double t : each) std::printf(" %.3f", t);
  std::vector<double> sorted = each;
  std::sort(sorted.begin(), sorted.end());
  std::printf("\n   first %.3f ms, median %.3f ms, max %.3f ms (goal <= 1 ms)\n\n", each.front(),
              sorted[sorted.size() / 2], sorted.back());
  return 0;
}

void warm_disk_cache() {
  std::printf("== second process, warm disk cache (12 variants)\n");
  std::string pattern = (std::filesystem::temp_directory_path() / "tiletune-bench-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::printf("   cannot make a temporary directory\n");
    return;
  }
  const std::string directory = pattern + "/cache";
  {
    NvrtcCompiler compiler(DiskCache::open(directory));
    for (const CompileRequest& r : all_variants()) compiler.compile(r);
    std::printf("   first process: front-end runs %d, machine-code runs %d, written to disk %d\n",
                compiler.counters().front_end_runs.load(),
                compiler.counters().machine_code_runs.load(),
                compiler.counters().disk_stores.load());
  }
  if (run_child({"--warm", directory}) != 0) std::printf("   the second process failed\n");
  std::filesystem::remove_all(pattern);
}

// Shaped as the tool slices a device source: a comment, the includes, then the code. (NVRTC's
// automatic PCH covers only the includes that open the source.)
constexpr std::string_view kCooperativeGroupsSource = R"(// Device source sliced by tiletune.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
template <int SCALE>
__global__ void scaled_sum(const float* in, float* out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  const float s = cg::reduce(warp, in[threadIdx.x] * SCALE, cg::plus<float>());
  if (warp.thread_rank() == 0) out[blockIdx.x] = s;
}
)";

constexpr std::string_view kCubSource = R"(// Device source sliced by tiletune.
#include <cub/block/block_reduce.cuh>
template <int THREADS>
__global__ void block_sum(const float* in, float* out) {
  using Reduce = cub::BlockReduce<float, THREADS>;
  __shared__ typename Reduce::TempStorage temp;
  const float s = Reduce(temp).Sum(in[blockIdx.x * THREADS + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}
)";

int pch_child(const std::string& kernel, const std::string& mode) {
  const bool cub = kernel == "cub";
  NvrtcCompiler compiler(nullptr, mode == "on" ? PchMode::kOn : PchMode::kOff);
  std::vector<double> each;
  for (int constant : {64, 128, 256, 512}) {
    CompileRequest r;
    r.source = cub ? kCubSource : kCooperativeGroupsSource;
    r.source_name = cub ? "cub.cu" : "cg.cu";
    r.name_expression = (cub ? "block_sum<" : "scaled_sum<") + std::to_string(constant) + ">";
    r.arch = 90;
    const std::int64_t before = compiler.counters().front_end_ns;
    compiler.compile(r);
    each.push_back(ms(compiler.counters().front_end_ns - before));
  }
  double total = 0;
  for (double t : each) total += t;
  std::printf(
      "   %-17s PCH %-3s front end per constant set (ms): %6.0f %6.0f %6.0f %6.0f   "
      "total %6.0f\n",
      cub ? "cub BlockReduce" : "cooperative_groups", mode.c_str(), each[0], each[1], each[2],
      each[3], total);
  return 0;
}

void precompiled_headers() {
  std::printf("== NVRTC precompiled headers (automatic mode), 4 constant sets, one process each\n");
  for (const char* kernel : {"cg", "cub"})
    for (const char* mode : {"off", "on"})
      if (run_child({"--pch", kernel, mode}) != 0) std::printf("   %s %s failed\n", kernel, mode);
  std::printf(
      "   (auto, the default, is on for sources that open with #include lines; the matmul "
      "above has none)\n");
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc == 3 && std::string(argv[1]) == "--warm") return warm_child(argv[2]);
    if (argc == 3 && std::string(argv[1]) == "--front-end")
      return front_end_child(std::atoi(argv[2]));
    if (argc == 4 && std::string(argv[1]) == "--pch") {
      warm_up_nvrtc();
      return pch_child(argv[2], argv[3]);
    }
    if (argc == 2 && std::string(argv[1]) == "--scaling") {
      warm_up_nvrtc();
      scaling();
      return 0;
    }
    if (argc != 1) {
      std::fprintf(stderr, "usage: %s\n", argv[0]);
      return 2;
    }
    std::printf("bench/compile on %u hardware threads, NVRTC and nvJitLink on the CPU\n\n",
                std::thread::hardware_concurrency());
    warm_up_nvrtc();
    front_end_runs_counted();
    sixteen_threads_one_key();
    std::printf("== 12 variants of matmul, compiled on a pool (times summed over workers)\n");
    pool_wall_time(std::max(1u, std::thread::hardware_concurrency()), false);
    pool_wall_time(1, false);
    pool_wall_time(std::max(1u, std::thread::hardware_concurrency()), true);
    std::printf("\n");
    scaling();
    warm_disk_cache();
    precompiled_headers();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench/compile: %s\n", e.what());
    return 1;
  }
  return 0;
}
