// bench/bounds_compile: issue 16's compile time, on the CPU (NVRTC and nvJitLink need no GPU).
// The tuning_time matmul's 24 configurations, each with its block size and occupancy as
// __launch_bounds__, built four ways:
//   ptx+link      one NVRTC program per configuration to PTX, then nvJitLink (the old path)
//   cubin         one NVRTC program per configuration straight to a cubin (the path now)
//   template      the bounds as template parameters of the kernel, as the tool writes them
//                 since issue 32, so that one NVRTC program builds many configurations into one
//                 cubin: all 24 in one program, or shared out over the workers (one program each)
// Each is timed on one thread (ms per configuration) and on `workers` threads (wall time), and
// the registers of every configuration are compared with the per-configuration cubin's.
//   bounds_compile [workers]   (default 2)
#include "compile/machine_code/cubin_linker.h"
#include "instantiation/launch_bounds.h"
#include "nvrtc/nvrtc_front_end.h"
#include "tune/site_variant.h"
#include "tuning_bench_support.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace tiletune;
using namespace tiletune::detail;
using Clock = std::chrono::steady_clock;

constexpr int kArch = 90;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Job {
  CompileRequest request;  // as the tuner makes it: the bounds as a -D option
  std::string templated;   // the name expression with the bounds as template arguments
};

std::vector<Job> jobs() {
  const SiteInfo site = bench::matmul_site();
  // As the tool slices the matmul since issue 32, the runtime's name expressions.
  const SiteInfo templated = bench::matmul_site_with_bounds_arguments();
  std::vector<Job> out;
  for (const Config& config : site.space.configurations()) {
    const Geometry geometry = bench::matmul_geometry(config, 1024);
    Job job;
    job.request = compile_request(site, config, geometry, kArch);
    job.templated = compile_request(templated, config, geometry, kArch).name_expression;
    out.push_back(std::move(job));
  }
  return out;
}

FrontEndInput input_of(const CompileRequest& r, bool cubin) {
  FrontEndInput input{r.source, r.source_name, r.name_expression, r.options, r.arch};
  input.cubin = cubin;
  return input;
}

// Runs `work(i)` for i in [0, n) on `threads` threads, each taking the next index; wall ms.
double on_threads(int threads, int n, const std::function<void(int)>& work) {
  std::atomic<int> next{0};
  const Clock::time_point start = Clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (int i = next++; i < n; i = next++) work(i);
    });
  for (std::thread& thread : pool) thread.join();
  return ms_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  const int workers = argc > 1 ? std::atoi(argv[1]) : 2;
  const std::vector<Job> all = jobs();
  const int n = static_cast<int>(all.size());
  const std::string templated = bench::matmul_source_with_bounds_arguments();
  std::vector<int> cubin_registers(all.size(), -1);

  auto ptx_and_link = [&](int i) {
    const FrontEndOutput ptx = compile_to_ptx(input_of(all[i].request, false));
    link_to_cubin(ptx.ptx, ptx.lowered_name, kArch);
  };
  auto cubin = [&](int i) {
    cubin_registers[i] = compile_to_ptx(input_of(all[i].request, true)).registers;
  };
  // Configurations [begin, end) as one program; returns how many registers differ from `cubin`.
  auto templated_batch = [&](int begin, int end) {
    FrontEndInput input{templated, "bench/matmul.cu", "", {}, kArch};
    input.cubin = true;
    std::vector<std::string> names;
    for (int i = begin; i < end; ++i) names.push_back(all[i].templated);
    const FrontEndBatchOutput out = compile_to_ptx(input, names);
    int differ = 0;
    for (int i = begin; i < end; ++i) differ += out.registers[i - begin] != cubin_registers[i];
    return differ;
  };

  std::printf("tuning_time matmul, %d configurations, sm_%d, NVRTC %d\n", n, kArch,
              nvrtc_version());
  std::printf("%-34s %14s %16s\n", "", "1 thread ms/cfg", "wall ms");
  const double ptx_one = on_threads(1, n, ptx_and_link) / n;
  const double ptx_all = on_threads(workers, n, ptx_and_link);
  std::printf("%-34s %14.1f %16.0f   (%d workers)\n", "per configuration, PTX + nvJitLink", ptx_one,
              ptx_all, workers);
  const double cubin_one = on_threads(1, n, cubin) / n;
  const double cubin_all = on_threads(workers, n, cubin);
  std::printf("%-34s %14.1f %16.0f   (%d workers)\n", "per configuration, NVRTC cubin", cubin_one,
              cubin_all, workers);

  int differ = 0;
  Clock::time_point start = Clock::now();
  differ += templated_batch(0, n);
  const double one_program = ms_since(start) / n;
  std::vector<int> differ_per_worker(static_cast<std::size_t>(workers), 0);
  const double shared_out = on_threads(workers, workers, [&](int w) {
    const int begin = n * w / workers, end = n * (w + 1) / workers;
    differ_per_worker[static_cast<std::size_t>(w)] = templated_batch(begin, end);
  });
  for (int d : differ_per_worker) differ += d;
  std::printf("%-34s %14.1f %16.0f   (%d programs of ~%d)\n", "bounds as template parameters",
              one_program, shared_out, workers, n / workers);
  std::printf(
      "\nratios against PTX + nvJitLink: cubin %.2fx (1 thread) %.2fx (%d workers); "
      "template %.2fx (1 program) %.2fx (%d workers)\n",
      cubin_one / ptx_one, cubin_all / ptx_all, workers, one_program / ptx_one,
      shared_out / ptx_all, workers);
  std::printf(
      "registers of the template builds that differ from the per-configuration cubin: "
      "%d of %d\n",
      differ, 2 * n);
  return 0;
}
