#include "tune/tuner.h"

#include "tune/name_expression.h"

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <future>
#include <string>

namespace tiletune::detail {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string where(const SiteInfo& site) {
  return std::string(site.file) + ":" + std::to_string(site.line);
}

// The hint an axis sets for this configuration, else the site's static one (0: none).
int hint(const Space& space, const Config& config, const char* axis, int static_value) {
  int index = space.axis_index(axis);
  return index >= 0 ? static_cast<int>(config[index]) : static_value;
}

DevicePointer address(const void* p) { return reinterpret_cast<DevicePointer>(p); }

// Why two copies of an output differ, or "" when they agree within `tolerance`.
std::string difference(const std::vector<unsigned char>& expected,
                       const std::vector<unsigned char>& actual, ElementKind kind,
                       double tolerance) {
  auto compare = [&](auto zero) -> std::string {
    using T = decltype(zero);
    std::size_t n = expected.size() / sizeof(T);
    for (std::size_t i = 0; i < n; ++i) {
      T a, e;
      std::memcpy(&e, expected.data() + i * sizeof(T), sizeof(T));
      std::memcpy(&a, actual.data() + i * sizeof(T), sizeof(T));
      if (std::isnan(e) && std::isnan(a)) continue;
      double scale = std::max({1.0, std::fabs(double(e)), std::fabs(double(a))});
      if (!(std::fabs(double(a) - double(e)) <= tolerance * scale))
        return "element " + std::to_string(i) + " is " + std::to_string(double(a)) +
               " where the first configuration's is " + std::to_string(double(e)) +
               " (relative tolerance " + std::to_string(tolerance) + ")";
    }
    return {};
  };
  if (kind == ElementKind::f32) return compare(0.0f);
  if (kind == ElementKind::f64) return compare(0.0);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (expected[i] != actual[i])
      return "byte " + std::to_string(i) + " is " + std::to_string(actual[i]) +
             " where the first configuration's is " + std::to_string(expected[i]);
  return {};
}

// The device memory a tuning keeps besides the kernels: copies of the buffers trial launches
// write (put back before every trial launch and at the end), and a buffer larger than L2 that
// is written between samples to evict it.
class TrialMemory {
 public:
  TrialMemory(Device& device, ContextHandle context, CUstream stream, const TuningOptions& options,
              long long l2_bytes)
      : device_(device), context_(context), stream_(stream), options_(options) {
    try {
      for (const Buffer& b : options.restore) save(b, false);
      if (options.verify)
        for (const Buffer& b : options.outputs)
          if (std::none_of(saved_.begin(), saved_.end(),
                           [&](const Saved& s) { return s.buffer.pointer == b.pointer; }))
            save(b, true);
      if (options.flush_l2) {
        // Twice the L2 size, so nothing a kernel left there survives the write.
        flush_bytes_ = static_cast<std::size_t>(std::max(l2_bytes, 32ll << 20)) * 2;
        flush_ = device_.allocate(context_, flush_bytes_);
      }
    } catch (...) {
      release();
      throw;
    }
  }
  ~TrialMemory() { release(); }
  TrialMemory(const TrialMemory&) = delete;
  TrialMemory& operator=(const TrialMemory&) = delete;

  // Before every trial launch: the in-place buffers as the caller left them.
  void before_launch(bool flush) {
    for (const Saved& s : saved_)
      if (!s.write_only) device_.copy(address(s.buffer.pointer), s.copy, s.buffer.bytes, stream_);
    if (flush && flush_) device_.fill(flush_, 0, flush_bytes_, stream_);
  }

  // Before a launch whose outputs are compared: also poison the write-only outputs, so that a
  // configuration that leaves them unwritten cannot pass on an earlier one's values.
  void before_checked_launch() {
    before_launch(false);
    for (const Saved& s : saved_)
      if (s.write_only) device_.fill(address(s.buffer.pointer), 0xff, s.buffer.bytes, stream_);
  }

  const std::vector<Buffer>& compared() const {
    return options_.outputs.empty() ? options_.restore : options_.outputs;
  }

  std::vector<std::vector<unsigned char>> read_outputs() {
    std::vector<std::vector<unsigned char>> out;
    for (const Buffer& b : compared()) {
      out.emplace_back(b.bytes);
      device_.read(out.back().data(), address(b.pointer), b.bytes, stream_);
    }
    return out;
  }

  // Every saved buffer back as the caller left it.
  void restore_all() {
    for (const Saved& s : saved_)
      device_.copy(address(s.buffer.pointer), s.copy, s.buffer.bytes, stream_);
    if (!saved_.empty()) {
      unsigned char sync;
      device_.read(&sync, saved_.front().copy, 1, stream_);  // waits for the copies
    }
    restored_ = true;
  }

  bool has_saved() const { return !saved_.empty(); }

 private:
  struct Saved {
    Buffer buffer;
    DevicePointer copy;
    bool write_only;
  };

  void save(const Buffer& b, bool write_only) {
    if (b.bytes == 0) return;
    DevicePointer copy = device_.allocate(context_, b.bytes);
    saved_.push_back({b, copy, write_only});
    device_.copy(copy, address(b.pointer), b.bytes, stream_);
  }

  void release() noexcept {
    if (!restored_ && !saved_.empty()) {
      try {
        restore_all();
      } catch (...) {  // the original error is the one to report
      }
    }
    for (const Saved& s : saved_) device_.release(context_, s.copy);
    saved_.clear();
    if (flush_) device_.release(context_, flush_);
    flush_ = 0;
  }

  Device& device_;
  ContextHandle context_;
  CUstream stream_;
  const TuningOptions& options_;
  std::vector<Saved> saved_;
  DevicePointer flush_ = 0;
  std::size_t flush_bytes_ = 0;
  bool restored_ = false;
};

// A configuration's machine code, and its function once loaded into the tuning's context.
struct Built {
  std::shared_ptr<const CompiledKernel> kernel;
  FunctionHandle function = nullptr;
};

struct Prepared {
  Geometry geometry;
  int cluster = 0;
  bool skip = false;  // refused by the device's limits, not compiled
  std::future<Built> built;
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

// Samples one configuration until its median is stable, its budget is spent, or it is already
// far slower than `best_ms` (the best median so far; 0: none yet).
void measure(Runtime& runtime, const SiteInfo& site, FunctionHandle function, const Prepared& p,
             void** args, TrialMemory& trial, bool flush, double best_ms, Measurement& m) {
  const RuntimeOptions& o = runtime.options();
  Device& device = runtime.device();
  for (int i = 0; i < o.warmup; ++i) {
    trial.before_launch(false);
    device.time_launch(function, p.geometry, args, p.cluster);
  }
  std::vector<double> samples;
  double fastest = 0;
  double sampled_ms = 0;  // the kernel's own time, summed over the samples
  Clock::time_point start = Clock::now();
  while (static_cast<int>(samples.size()) < o.max_samples) {
    trial.before_launch(flush);
    double t = device.time_launch(function, p.geometry, args, p.cluster);
    fastest = samples.empty() ? t : std::min(fastest, t);
    samples.push_back(t);
    if (o.log_level >= 2 && o.log)
      std::fprintf(o.log, "tiletune: %s %s sample %zu: %.4f ms\n", where(site).c_str(),
                   site.space.describe(m.config).c_str(), samples.size(), t);
    int n = static_cast<int>(samples.size());
    if (n >= o.early_stop_samples && best_ms > 0 && fastest > best_ms * o.early_stop_ratio) {
      m.stopped_early = true;
      break;
    }
    sampled_ms += t;
    if (n < o.min_samples || sampled_ms < o.min_sample_ms) continue;
    SampleStats s = stats(samples);
    if (s.spread < o.stable_spread || ms_since(start) > o.budget_ms) break;
  }
  SampleStats s = stats(samples);
  m.ok = true;
  m.median_ms = s.median;
  m.spread = s.spread;
  m.samples = static_cast<int>(samples.size());
}

// Builds every configuration on the workers: compile, then load into the tuning's context, so
// that the calling thread only measures. With more distinct instantiations than workers, the
// instantiations are shared out in batches, one NVRTC program each, so that every worker is busy
// and each program's fixed cost (starting up, parsing the source) is paid once per batch rather
// than once per instantiation; with as many workers as instantiations, each gets its own program,
// which is what runs soonest (bench/tuning_time).
class Builds : public std::enable_shared_from_this<Builds> {
 public:
  Builds(Runtime& runtime, ContextHandle context) : runtime_(runtime), context_(context) {}

  // Queues a configuration; its result comes through future(n) for the n-th one added.
  void add(CompileRequest request) { configs_.push_back({std::move(request), {}}); }
  std::future<Built> future(std::size_t n) { return configs_[n].promise.get_future(); }

  // Batches of at most `most` distinct instantiations, over `workers` workers.
  void start(unsigned most, unsigned workers) {
    std::vector<std::string> names;  // distinct name expressions, in the space's order
    for (const Config& c : configs_)
      if (std::find(names.begin(), names.end(), c.request.name_expression) == names.end())
        names.push_back(c.request.name_expression);
    workers = std::max(1u, workers);
    const std::size_t size =
        std::min<std::size_t>(std::max(1u, most), (names.size() + workers - 1) / workers);
    if (size <= 1) {
      for (std::size_t n = 0; n < configs_.size(); ++n) submit_build(n);
      return;
    }
    std::vector<std::vector<std::size_t>> batches((names.size() + size - 1) / size);
    for (std::size_t n = 0; n < configs_.size(); ++n) {
      const auto at = std::find(names.begin(), names.end(), configs_[n].request.name_expression);
      batches[static_cast<std::size_t>(at - names.begin()) / size].push_back(n);
    }
    for (std::vector<std::size_t>& batch : batches)
      runtime_.pool().submit([self = shared_from_this(), batch = std::move(batch)] {
        std::vector<CompileRequest> requests;
        for (std::size_t n : batch) requests.push_back(self->configs_[n].request);
        self->runtime_.compiler().prepare(requests);  // never throws
        for (std::size_t n : batch) self->submit_build(n);
      });
  }

 private:
  struct Config {
    CompileRequest request;
    std::promise<Built> promise;
  };

  void submit_build(std::size_t n) {
    runtime_.pool().submit([self = shared_from_this(), n] {
      Config& c = self->configs_[n];
      try {
        Built built;
        built.kernel = self->runtime_.compiler().compile(c.request);
        built.function =
            self->runtime_.device().load(self->context_, built.kernel->cubin, built.kernel->entry);
        c.promise.set_value(std::move(built));
      } catch (...) {
        c.promise.set_exception(std::current_exception());
      }
    });
  }

  Runtime& runtime_;
  ContextHandle context_;
  std::vector<Config> configs_;
};

void start_builds(Runtime& runtime, ContextHandle context, const SiteInfo& site, const Key& key,
                  int arch, std::vector<Prepared>& prepared) {
  auto builds = std::make_shared<Builds>(runtime, context);
  std::size_t n = 0;
  for (std::size_t i = 0; i < prepared.size(); ++i) {
    Prepared& p = prepared[i];
    if (p.skip) continue;
    builds->add(compile_request(site, site.space.configurations()[i], p.geometry, arch, key));
    p.built = builds->future(n++);
  }
  builds->start(runtime.options().front_end_batch, runtime.pool().size());
}

std::string failure_text(const std::exception& e) {
  if (const auto* compile = dynamic_cast<const CompileError*>(&e))
    return std::string(compile->what()) + "\n" + compile->log();
  return e.what();
}

}  // namespace

CompileRequest compile_request(const SiteInfo& site, const Config& config, const Geometry& geometry,
                               int arch, const Key& key) {
  CompileRequest request;
  request.source = site.device_source;
  request.source_name = site.file;
  request.name_expression = substitute_axes(site.name_expression, site.space, config, &key);
  request.options = site.options;
  request.arch = arch;
  request.description = site.space.describe(config);
  if (int occupancy = hint(site.space, config, rules::kOccupancy, site.hints.occupancy);
      occupancy > 0) {
    request.hints.min_blocks_per_sm = static_cast<unsigned>(occupancy);
    request.hints.max_threads[0] = geometry.threads.x;
    request.hints.max_threads[1] = geometry.threads.y;
    request.hints.max_threads[2] = geometry.threads.z;
  }
  return request;
}

int cluster_size(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, rules::kNumCtas, site.hints.num_ctas);
}

std::optional<std::string> device_limit_violation(const DeviceInfo& device, const Geometry& g,
                                                  int cluster) {
  auto dims = [](const Dim& d) {
    return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) +
           ")";
  };
  if (g.blocks.count() == 0 || g.threads.count() == 0)
    return "launches nothing: blocks = " + dims(g.blocks) + ", threads = " + dims(g.threads);
  if (g.threads.count() > static_cast<unsigned long long>(device.max_threads_per_block))
    return "needs " + std::to_string(g.threads.count()) + " threads per block; the device allows " +
           std::to_string(device.max_threads_per_block);
  if (g.shmem > static_cast<unsigned>(device.max_shared_per_block))
    return "needs " + std::to_string(g.shmem) +
           " bytes of dynamic shared memory per block; the device allows " +
           std::to_string(device.max_shared_per_block);
  if (cluster > 1) {
    if (!device.clusters)
      return "num_ctas = " + std::to_string(cluster) +
             ": thread-block clusters need sm_90 or later; the device is sm_" +
             std::to_string(device.arch);
    if (g.blocks.x % static_cast<unsigned>(cluster) != 0)
      return "num_ctas = " + std::to_string(cluster) + " does not divide the grid's x dimension (" +
             std::to_string(g.blocks.x) + " blocks)";
  }
  return std::nullopt;
}

TunedKernel tune(Runtime& runtime, const SiteInfo& site, const Key& key, ContextHandle context,
                 GeometryRef geometry, void** args, const TuningOptions& options,
                 ArgumentsRef arguments) {
  Clock::time_point start = Clock::now();
  const Space& space = site.space;
  const std::vector<Config>& configs = space.configurations();
  if (configs.empty()) throw Error(where(site) + ": tiletune: the space has no configurations");
  const RuntimeOptions& o = runtime.options();
  Device& device = runtime.device();
  Compiler& compiler = runtime.compiler();
  const DeviceInfo info = device.info(context);
  const std::size_t count = o.disable ? 1 : configs.size();

  TunedKernel tuned;
  TuningResult& result = tuned.result;
  result.site = where(site);
  result.kernel = site.kernel;
  result.key = key;
  result.axis_names = space.axis_names();
  result.tuned = !o.disable;
  result.measurements.resize(count);

  // Refuse what the device cannot launch, then queue every compile, so the workers run ahead while
  // this thread measures in the space's order.
  std::vector<Prepared> prepared(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Config& config = configs[i];
    Measurement& m = result.measurements[i];
    m.config = config;
    Prepared& p = prepared[i];
    p.geometry = geometry(config);
    p.cluster = cluster_size(site, config);
    if (std::optional<std::string> why = device_limit_violation(info, p.geometry, p.cluster)) {
      m.failure = "skipped: " + *why;
      p.skip = true;
      continue;
    }
  }
  if (o.pipeline) start_builds(runtime, context, site, key, info.arch, prepared);

  const bool checking = options.verify && !(options.outputs.empty() && options.restore.empty());
  const bool measuring = count > 1;
  CUstream stream = prepared.front().geometry.stream;
  std::optional<TrialMemory> trial;
  std::vector<FunctionHandle> functions(count, nullptr);
  std::vector<std::vector<unsigned char>> reference;  // the first configuration's outputs
  int reference_index = -1;
  try {
    trial.emplace(device, context, stream, options, info.l2_bytes);
    for (std::size_t i = 0; i < count; ++i) {
      Measurement& m = result.measurements[i];
      Prepared& p = prepared[i];
      if (p.skip) continue;
      try {
        if (arguments) arguments(m.config);  // before any launch of this configuration
        Clock::time_point phase = Clock::now();
        Built built;
        if (o.pipeline)
          built = p.built.get();
        else
          built.kernel =
              compiler.compile(compile_request(site, m.config, p.geometry, info.arch, key));
        result.phases.compile_ms += ms_since(phase);
        m.registers = built.kernel->registers;
        if (!o.pipeline) {
          phase = Clock::now();
          built.function = device.load(context, built.kernel->cubin, built.kernel->entry);
          result.phases.load_ms += ms_since(phase);
        }
        functions[i] = built.function;
        int allowed = device.max_threads_per_block(functions[i]);
        if (p.geometry.threads.count() > static_cast<unsigned long long>(allowed)) {
          m.failure = "needs " + std::to_string(p.geometry.threads.count()) +
                      " threads per block; compiled with " + std::to_string(m.registers) +
                      " registers per thread it allows " + std::to_string(allowed);
          continue;
        }
        if (checking) {
          phase = Clock::now();
          trial->before_checked_launch();
          device.launch(functions[i], p.geometry, args, p.cluster);
          std::vector<std::vector<unsigned char>> outputs = trial->read_outputs();
          if (reference_index < 0) {
            reference = std::move(outputs);
            reference_index = static_cast<int>(i);
          } else {
            const std::vector<Buffer>& compared = trial->compared();
            for (std::size_t b = 0; b < compared.size() && m.failure.empty(); ++b)
              if (std::string diff =
                      difference(reference[b], outputs[b], compared[b].element, options.tolerance);
                  !diff.empty())
                m.failure = "wrong result: output " + std::to_string(b) + " " + diff + " (" +
                            space.describe(result.measurements[reference_index].config) + ")";
          }
          result.phases.check_ms += ms_since(phase);
          if (!m.failure.empty()) continue;
        }
        if (!measuring) {
          m.ok = true;  // nothing to compare against: skip measuring
        } else {
          double best_ms = result.best >= 0 ? result.measurements[result.best].median_ms : 0;
          phase = Clock::now();
          measure(runtime, site, functions[i], p, args, *trial, options.flush_l2, best_ms, m);
          result.phases.measure_ms += ms_since(phase);
        }
      } catch (const std::exception& e) {
        m.failure = failure_text(e);
      }
      if (!m.ok) continue;
      if (result.best < 0 ||
          m.median_ms < result.measurements[result.best].median_ms * (1 - o.tie_tolerance))
        result.best = static_cast<int>(i);
    }
    trial->restore_all();
  } catch (...) {
    // Pending builds still use the runtime and the context; let them finish.
    for (Prepared& p : prepared)
      if (p.built.valid()) p.built.wait();
    throw;
  }
  result.seconds = ms_since(start) / 1000;

  if (result.best < 0) {
    std::string reasons;
    for (const Measurement& m : result.measurements)
      reasons += "\n  " + space.describe(m.config) + ": " + m.failure;
    throw Error(result.site + ": tiletune: no configuration of `" + site.kernel +
                "` could run:" + reasons);
  }
  if (o.log_level >= 1 && o.log) std::fprintf(o.log, "%s", result.table().c_str());
  tuned.function = functions[result.best];
  tuned.cluster = prepared[result.best].cluster;
  return tuned;
}

TunedKernel load_configuration(Runtime& runtime, const SiteInfo& site, const Key& key,
                               ContextHandle context, GeometryRef geometry, const Config& config) {
  Clock::time_point start = Clock::now();
  Device& device = runtime.device();
  const DeviceInfo info = device.info(context);
  Geometry g = geometry(config);
  TunedKernel loaded;
  loaded.cluster = cluster_size(site, config);
  if (std::optional<std::string> why = device_limit_violation(info, g, loaded.cluster))
    throw Error(where(site) + ": tiletune: the stored configuration " +
                site.space.describe(config) + " " + *why);
  std::shared_ptr<const CompiledKernel> kernel =
      runtime.compiler().compile(compile_request(site, config, g, info.arch, key));
  loaded.function = device.load(context, kernel->cubin, kernel->entry);
  TuningResult& r = loaded.result;
  r.site = where(site);
  r.kernel = site.kernel;
  r.key = key;
  r.axis_names = site.space.axis_names();
  r.from_file = true;
  Measurement m;
  m.config = config;
  m.ok = true;
  m.registers = kernel->registers;
  r.measurements.push_back(m);
  r.best = 0;
  r.seconds = ms_since(start) / 1000;
  return loaded;
}

}  // namespace tiletune::detail
