// Shared by the benchmarks that judge a tuning's winner (tuning_quality, search_scale,
// kernel_tuner_compare): a kernel with the arguments it launches with, one cold tuning of it, and
// every configuration re-timed on one harness.
#pragma once

#include "tuning_bench_support.h"

#include "compile/compiler.h"
#include "tune/run_identity.h"
#include "tune/site_variant.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace tiletune::bench {

// A benchmark's kernel: its site, geometry per configuration, key and launch arguments.
struct BenchCase {
  std::string name;
  SiteInfo info;
  std::function<Geometry(const Config&)> geometry;
  Key key;
  std::vector<void*> args;
  // Argument storage: args point here.
  const float* in = nullptr;
  float* out = nullptr;
  const float* weights = nullptr;  // a third buffer (search_scale's convolution filter)
  float scalar = 2.0f;
  int n = 0;
};

// One cold tuning of `c` with `strategy` (and `seed`, for a seeded one) through `compiler`: a fresh
// runtime, no results file; `seconds` from its first launch to the kernel's end.
inline TuningResult tune_cold(detail::Device& device, const DeviceMemory& sync, const BenchCase& c,
                              SearchStrategy strategy, std::shared_ptr<detail::Compiler> compiler,
                              double& seconds, unsigned long long seed = kDefaultSearchSeed) {
  RuntimeOptions options;
  options.results_file = "";
  // TILETUNE_WORKERS as a program's runtime reads it (0, the default: one per usable CPU).
  options.workers = RuntimeOptions::from_environment().workers;
  Runtime runtime(detail::open_cuda_device(), std::move(compiler), options);
  Site site(c.info, &runtime);
  const auto tuning_options = [&] {
    TuningOptions o;
    o.search.strategy = strategy;
    o.search.seed = seed;
    return o;
  };
  std::vector<void*> args = c.args;
  const Clock::time_point start = Clock::now();
  site.launch(c.key, c.geometry, args.data(), tuning_options);
  synchronize(device, sync);
  seconds = seconds_since(start);
  return *site.result(c.key);
}

// Each of `configs`' time on one harness, independent of any tuning: 3 interleaved passes of 100
// samples after 10 warm-up launches; a configuration's time is its best pass median.
// Configurations whose kernels run alike (detail::run_identity: the same instructions, registers
// and launch) are one kernel, timed once, as a tuning measures them: re-timed apart, the same
// code of search_scale's 21 us reduction read up to 5% apart, more than the 3% a winner is judged
// by.
inline std::vector<double> retime(detail::Device& device, detail::Compiler& compiler, BenchCase& c,
                                  const std::vector<Config>& configs) {
  detail::ContextHandle context = device.current_context();
  const int arch = device.info(context).arch;
  std::vector<detail::FunctionHandle> functions;
  std::vector<std::size_t> timed_as;  // the first configuration that runs alike
  std::map<std::string, std::size_t> first_of;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const Geometry g = c.geometry(configs[i]);
    auto kernel = compiler.compile(detail::compile_request(c.info, configs[i], g, arch));
    timed_as.push_back(first_of.emplace(detail::run_identity(*kernel, g, 0), i).first->second);
    functions.push_back(timed_as.back() == i ? device.load(context, kernel->cubin, kernel->entry)
                                             : nullptr);
  }
  std::vector<double> best(configs.size(), 1e30);
  for (int pass = 0; pass < 3; ++pass)
    for (std::size_t i = 0; i < configs.size(); ++i) {
      if (timed_as[i] != i) continue;
      const Geometry g = c.geometry(configs[i]);
      void** args = c.args.data();
      for (int w = 0; w < 10; ++w) device.time_launch(functions[i], g, args, 0);
      std::vector<double> samples;
      for (int s = 0; s < 100; ++s) samples.push_back(device.time_launch(functions[i], g, args, 0));
      std::nth_element(samples.begin(), samples.begin() + 50, samples.end());
      best[i] = std::min(best[i], samples[50]);
    }
  for (std::size_t i = 0; i < configs.size(); ++i) best[i] = best[timed_as[i]];
  return best;
}

}  // namespace tiletune::bench
