// Issue 34 on one machine: the matmul site at 16 sizes.
//
// `devices DIR`: one process, two GPUs (one thread each, the same site, one runtime), both
// launching every size at once. Per GPU: how many keys it measured, how many it took from the
// other GPU's thread (waited in memory), whether the two winner lists agree, and the warm path:
// host microseconds per launch call over 2000 calls of the smallest size, not waited for.
//
// `models DIR`: a cold tuning of the 16 sizes on GPU 0, then the same results file with its
// device lines renamed to another model ("NVIDIA H100 80GB HBM3 sm_90 132SM": a simulation where
// one model is at hand, said in the output), tuned again from a fresh compile cache, as a new
// model would be: each key starts from the "other model's" winner. Tuning time and configurations
// measured, each way; then each key's two winners re-timed side by side (one tuning of a space
// holding just the two), the warm winner's median over the cold one's.
#include "cluster_support.h"

#include "compile/nvrtc_compiler.h"
#include "store/disk_cache.h"

#include <algorithm>
#include <barrier>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

std::shared_ptr<detail::NvrtcCompiler> compiler_at(const std::string& cache) {
  return std::make_shared<detail::NvrtcCompiler>(detail::DiskCache::open(cache));
}

RuntimeOptions options_with(const std::string& results) {
  RuntimeOptions options = RuntimeOptions::from_environment();
  options.results_file = results;
  return options;
}

struct PerGpu {
  double tuning_s = 0;
  int measured = 0, waited = 0, other = 0;
  std::string winners;
  double launch_us = 0;
  bool ok = false;
};

int devices(const std::string& dir) {
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("cluster_devices");
  if (!device) return 0;
  int count = 0;
  cudaGetDeviceCount(&count);
  if (count < 2) {
    std::printf("devices: skipped, %d GPU (2 needed)\n", count);
    return 0;
  }
  detail::Device& d = *device;
  Runtime runtime(std::move(device), compiler_at(dir + "/cache"),
                  options_with(dir + "/results.txt"));
  Site site(matmul_site(), &runtime);
  PerGpu gpu[2];
  std::barrier ready(2);
  auto run = [&](int g) {
    PerGpu& mine = gpu[g];
    if (!use_gpu(g)) {
      ready.arrive_and_wait();
      return;
    }
    MatmulSizes sizes(d);
    ready.arrive_and_wait();
    const Clock::time_point start = Clock::now();
    for (int i = 0; i < static_cast<int>(sizes.size()); ++i) sizes.launch(site, i);
    mine.tuning_s = seconds_since(start);
    for (int i = 0; i < static_cast<int>(sizes.size()); ++i) {
      const TuningResult r = *site.result(key(cluster_sizes()[static_cast<std::size_t>(i)]));
      if (r.cache_hit)
        ++mine.waited;
      else if (r.tuned && !r.from_file)
        ++mine.measured;
      else
        ++mine.other;  // from the results file: the other thread stored it before this one came
      mine.winners += winner_at(site, i) + ";";
    }
    // The warm path: the smallest size's winner, 2000 calls.
    MatmulLaunch small(d, cluster_sizes().front());
    small.first_launch_seconds(site);
    const Clock::time_point calls = Clock::now();
    for (int i = 0; i < 2000; ++i) small.enqueue(site);
    mine.launch_us = seconds_since(calls) * 1e6 / 2000;
    small.wait();
    mine.ok = true;
  };
  std::thread a(run, 0), b(run, 1);
  a.join();
  b.join();
  std::printf("devices: one process, 2 GPUs, 16 keys, both threads at once\n");
  std::printf("  %-4s %-9s %-9s %-12s %-10s %s\n", "GPU", "tuning_s", "measured", "waited(mem)",
              "from_file", "warm_us_per_launch");
  for (int g = 0; g < 2; ++g)
    std::printf("  %-4d %-9.3f %-9d %-12d %-10d %.2f\n", g, gpu[g].tuning_s, gpu[g].measured,
                gpu[g].waited, gpu[g].other, gpu[g].launch_us);
  std::printf("devices: winners_equal=%d measured_total=%d\n",
              gpu[0].ok && gpu[1].ok && gpu[0].winners == gpu[1].winners,
              gpu[0].measured + gpu[1].measured);
  return 0;
}

struct Tuning {
  double seconds = 0;
  int measured = 0;  // configurations measured, over the 16 keys
  std::vector<Config> winners;
  std::string search;  // key 0's
};

Tuning tune_sizes(Runtime& runtime, detail::Device& d) {
  Site site(matmul_site(), &runtime);
  MatmulSizes sizes(d);
  Tuning t;
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < static_cast<int>(sizes.size()); ++i) sizes.launch(site, i);
  t.seconds = seconds_since(start);
  for (int n : cluster_sizes()) {
    const TuningResult r = *site.result(key(n));
    for (const Measurement& m : r.measurements) t.measured += m.ok ? 1 : 0;
    t.winners.push_back(r.best_config());
    if (t.search.empty()) t.search = r.search;
  }
  return t;
}

int models(const std::string& dir) {
  std::unique_ptr<detail::Device> probe = open_gpu_or_skip("cluster_devices");
  if (!probe) return 0;
  const detail::DeviceInfo here = probe->info(probe->current_context());
  probe.reset();
  const std::string other = here.id.rfind("NVIDIA H100", 0) == 0
                                ? "NVIDIA H200 sm_90 132SM"
                                : "NVIDIA H100 80GB HBM3 sm_90 132SM";
  const std::string results = dir + "/results.txt";
  Tuning cold;
  {
    std::unique_ptr<detail::Device> device = detail::open_cuda_device();
    detail::Device& d = *device;
    Runtime runtime(std::move(device), compiler_at(dir + "/cache-cold"), options_with(results));
    cold = tune_sizes(runtime, d);
  }
  // The other model's file: every block's device renamed.
  std::stringstream text;
  text << std::ifstream(results).rdbuf();
  std::string file = text.str();
  int renamed = 0;
  for (std::size_t at = 0; (at = file.find("device = " + here.id, at)) != std::string::npos;
       ++renamed)
    file.replace(at, 9 + here.id.size(), "device = " + other);
  std::ofstream(results, std::ios::trunc) << file;
  Tuning warm;
  {
    std::unique_ptr<detail::Device> device = detail::open_cuda_device();
    detail::Device& d = *device;
    Runtime runtime(std::move(device), compiler_at(dir + "/cache-warm"), options_with(results));
    warm = tune_sizes(runtime, d);
  }
  // Side by side: each key's two winners in one tuning of a space holding just them.
  std::unique_ptr<detail::Device> device = detail::open_cuda_device();
  detail::Device& d = *device;
  RuntimeOptions memory_only = RuntimeOptions::from_environment();
  memory_only.results_file = "";
  Runtime runtime(std::move(device), compiler_at(dir + "/cache-cold"), memory_only);
  double log_sum = 0, worst = 0;
  int same = 0;
  const std::vector<int> sizes = cluster_sizes();
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (warm.winners[i] == cold.winners[i]) {
      ++same;
      worst = std::max(worst, 1.0);
      continue;
    }
    const Space space = matmul_site().space;
    std::vector<std::vector<long long>> rows;
    for (const Config& c : {cold.winners[i], warm.winners[i]}) {
      std::vector<long long> row;
      for (int a = 0; a < c.size(); ++a) row.push_back(c[a]);
      rows.push_back(row);
    }
    SiteInfo info = matmul_site();
    info.line = 100 + static_cast<int>(i);
    info.space = Space::list(space.axis_names(), rows);
    Site pair(std::move(info), &runtime);
    MatmulLaunch launch(d, sizes[i]);
    launch.first_launch_seconds(pair);
    const TuningResult r = *pair.result(key(sizes[i]));
    const double ratio = r.measurements[1].median_ms / r.measurements[0].median_ms;
    log_sum += std::log(ratio);
    worst = std::max(worst, ratio);
  }
  const double geomean = std::exp(log_sum / static_cast<double>(sizes.size()));
  std::printf(
      "models: this GPU '%s'; the other model simulated: its results file is this GPU's "
      "cold tuning with %d device lines renamed to '%s'\n",
      here.id.c_str(), renamed, other.c_str());
  std::printf("  %-22s %-10s %-9s\n", "tuning of 16 keys", "seconds", "measured");
  std::printf("  %-22s %-10.3f %-9d\n", "cold", cold.seconds, cold.measured);
  std::printf("  %-22s %-10.3f %-9d\n", "warm (other model)", warm.seconds, warm.measured);
  std::printf("  key 0's search: %s\n", warm.search.c_str());
  std::printf(
      "models: warm/cold tuning time %.3f; winners the same for %d of 16 keys; warm "
      "winner's median over cold winner's, side by side: geomean %.3f, worst %.3f\n",
      warm.seconds / cold.seconds, same, geomean, worst);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "devices") && std::strcmp(argv[1], "models"))) {
    std::fprintf(stderr, "usage: cluster_devices devices|models DIR\n");
    return 1;
  }
  return !std::strcmp(argv[1], "devices") ? devices(argv[2]) : models(argv[2]);
}
