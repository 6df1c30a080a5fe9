// Shared by the benchmarks that judge a tuning's winner (tuning_quality, search_scale,
// kernel_tuner_compare): a kernel with the arguments it launches with, one cold tuning of it, and
// every configuration re-timed on one harness.
#pragma once

#include "tuning_bench_support.h"

#include "compile/compiler.h"
#include "tune/site_variant.h"

#include <algorithm>
#include <functional>
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
inline std::vector<double> retime(detail::Device& device, detail::Compiler& compiler, BenchCase& c,
                                  const std::vector<Config>& configs) {
  detail::ContextHandle context = device.current_context();
  const int arch = device.info(context).arch;
  std::vector<detail::FunctionHandle> functions;
  for (const Config& cfg : configs) {
    auto kernel = compiler.compile(detail::compile_request(c.info, cfg, c.geometry(cfg), arch));
    functions.push_back(device.load(context, kernel->cubin, kernel->entry));
  }
  std::vector<double> best(configs.size(), 1e30);
  for (int pass = 0; pass < 3; ++pass)
    for (std::size_t i = 0; i < configs.size(); ++i) {
      const Geometry g = c.geometry(configs[i]);
      void** args = c.args.data();
      for (int w = 0; w < 10; ++w) device.time_launch(functions[i], g, args, 0);
      std::vector<double> samples;
      for (int s = 0; s < 100; ++s) samples.push_back(device.time_launch(functions[i], g, args, 0));
      std::nth_element(samples.begin(), samples.begin() + 50, samples.end());
      best[i] = std::min(best[i], samples[50]);
    }
  return best;
}

}  // namespace tiletune::bench
