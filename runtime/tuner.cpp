#include "tuner.h"

#include "name_expression.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <string>

namespace tiletune::detail {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The hint an axis sets for this configuration, else the site's static one (0: none).
int hint(const Space& space, const Config& config, const char* axis, int static_value) {
  int index = space.axis_index(axis);
  return index >= 0 ? static_cast<int>(config[index]) : static_value;
}

struct Prepared {
  Geometry geometry;
  int cluster = 0;
  std::future<std::shared_ptr<const CompiledKernel>> compiled;
};

struct SampleStats {
  double median = 0;
  double spread = 0;
};

SampleStats stats(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  auto at = [&](double q) { return samples[static_cast<std::size_t>(q * (samples.size() - 1))]; };
  SampleStats s;
  std::size_t n = samples.size();
  s.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  s.spread = s.median > 0 ? (at(0.75) - at(0.25)) / s.median : 0;
  return s;
}

void measure(Runtime& runtime, const SiteInfo& site, FunctionHandle function, const Prepared& p,
             void** args, Measurement& m) {
  const RuntimeOptions& o = runtime.options();
  Device& device = runtime.device();
  for (int i = 0; i < o.warmup; ++i) device.time_launch(function, p.geometry, args, p.cluster);
  std::vector<double> samples;
  Clock::time_point start = Clock::now();
  SampleStats s;
  while (static_cast<int>(samples.size()) < o.max_samples) {
    samples.push_back(device.time_launch(function, p.geometry, args, p.cluster));
    if (o.log_level >= 2)
      std::fprintf(o.log, "tiletune: %s:%d %s sample %zu: %.4f ms\n", site.file, site.line,
                   site.space.describe(m.config).c_str(), samples.size(), samples.back());
    if (static_cast<int>(samples.size()) < o.min_samples) continue;
    s = stats(samples);
    if (s.spread < o.stable_spread || ms_since(start) > o.budget_ms) break;
  }
  s = stats(samples);
  m.ok = true;
  m.median_ms = s.median;
  m.spread = s.spread;
  m.samples = static_cast<int>(samples.size());
}

}  // namespace

CompileRequest compile_request(const SiteInfo& site, const Config& config,
                               const Geometry& geometry, int arch) {
  CompileRequest request;
  request.source = site.device_source;
  request.source_name = site.file;
  request.name_expression = substitute_axes(site.name_expression, site.space, config);
  request.options = site.options;
  request.arch = arch;
  if (int occupancy = hint(site.space, config, "occupancy", site.hints.occupancy); occupancy > 0) {
    request.hints.min_blocks_per_sm = static_cast<unsigned>(occupancy);
    request.hints.max_threads[0] = geometry.threads.x;
    request.hints.max_threads[1] = geometry.threads.y;
    request.hints.max_threads[2] = geometry.threads.z;
  }
  return request;
}

int cluster_size(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, "num_ctas", site.hints.num_ctas);
}

TunedKernel tune(Runtime& runtime, const SiteInfo& site, const Key& key, ContextHandle context,
                 GeometryRef geometry, void** args) {
  Clock::time_point start = Clock::now();
  const Space& space = site.space;
  const std::vector<Config>& configs = space.configurations();
  if (configs.empty())
    throw Error(std::string(site.file) + ":" + std::to_string(site.line) +
                ": tiletune: the space has no configurations");
  const RuntimeOptions& o = runtime.options();
  const DeviceInfo device = runtime.device().info(context);
  const std::size_t count = o.disable ? 1 : configs.size();

  TunedKernel tuned;
  TuningResult& result = tuned.result;
  result.site = std::string(site.file) + ":" + std::to_string(site.line);
  result.kernel = site.kernel;
  result.key = key;
  result.axis_names = space.axis_names();
  result.tuned = !o.disable;
  result.measurements.resize(count);

  // Queue every compile first, so the workers run ahead while this thread measures in order.
  std::vector<Prepared> prepared(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Config& config = configs[i];
    result.measurements[i].config = config;
    Prepared& p = prepared[i];
    p.geometry = geometry(config);
    p.cluster = cluster_size(site, config);
    CompileRequest request = compile_request(site, config, p.geometry, device.arch);
    Compiler& compiler = runtime.compiler();
    p.compiled = runtime.pool().submit(
        [&compiler, request = std::move(request)] { return compiler.compile(request); });
  }

  std::vector<FunctionHandle> functions(count, nullptr);
  for (std::size_t i = 0; i < count; ++i) {
    Measurement& m = result.measurements[i];
    try {
      std::shared_ptr<const CompiledKernel> kernel = prepared[i].compiled.get();
      m.registers = kernel->registers;
      functions[i] = runtime.device().load(context, kernel->cubin, kernel->entry);
      if (count == 1) {
        m.ok = true;  // nothing to compare against: skip measuring
      } else {
        measure(runtime, site, functions[i], prepared[i], args, m);
      }
    } catch (const CompileError& e) {
      m.failure = std::string(e.what()) + "\n" + e.log();
    } catch (const std::exception& e) {
      m.failure = e.what();
    }
    if (!m.ok) continue;
    if (result.best < 0 ||
        m.median_ms < result.measurements[result.best].median_ms * (1 - o.tie_tolerance))
      result.best = static_cast<int>(i);
  }
  result.seconds = ms_since(start) / 1000;

  if (result.best < 0) {
    std::string reasons;
    for (const Measurement& m : result.measurements)
      reasons += "\n  " + space.describe(m.config) + ": " + m.failure;
    throw Error(result.site + ": tiletune: no configuration of `" + site.kernel + "` could run:" +
                reasons);
  }
  if (o.log_level >= 1) std::fprintf(o.log, "%s", result.table().c_str());
  tuned.function = functions[result.best];
  tuned.cluster = prepared[result.best].cluster;
  return tuned;
}

}  // namespace tiletune::detail
