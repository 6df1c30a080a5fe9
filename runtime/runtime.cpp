#include "runtime.h"

#include "compile/front_end/front_end_runner.h"
#include "compile/nvrtc_compiler.h"
#include "device/cuda_device.h"
#include "process/usable_cpus.h"
#include "store/disk_cache.h"
#include "store/results_file.h"
#include "tune/stored_winner.h"

namespace tiletune {

namespace {

// The compile threads of a runtime with `options`.
unsigned compile_threads(const RuntimeOptions& options) {
  return options.workers ? options.workers : detail::default_compile_threads();
}

bool never_tunes(const RuntimeOptions& options) { return options.disable || options.pinned; }

// Whether `results` holds a winner of `site`, for any key and device (the device is not known
// before the GPU is opened).
bool has_a_stored_winner(detail::ResultsFile& results, const SiteInfo& site) {
  const detail::StoredResult query = detail::stored_identity(site, Key{}, detail::DeviceInfo{});
  return results.find_if([&](const detail::StoredResult& r) { return r.same_site(query); })
      .has_value();
}

}  // namespace

Runtime::Runtime(std::unique_ptr<detail::Device> device, std::shared_ptr<detail::Compiler> compiler,
                 RuntimeOptions options)
    : device_(std::move(device)),
      compiler_(std::move(compiler)),
      options_(options),
      results_(std::make_unique<detail::ResultsFile>(options.results_file, options.logger(),
                                                     options.tuning_lock_timeout)),
      pool_(compile_threads(options)) {}

Runtime::~Runtime() = default;

void Runtime::start_compiles_ahead(Runtime* runtime, const SiteInfo& site) {
  if (runtime) {
    if (!never_tunes(runtime->options()) && !has_a_stored_winner(runtime->results(), site))
      runtime->compiler().start_ahead(runtime->pool().size());
    return;
  }
  // What global() will read, and the front ends its compiler will use. The results file is read
  // once here for every site; what it says wrong global()'s runtime says when it reads it.
  static const RuntimeOptions options =
      RuntimeOptions::from_environment([](const std::string&) {});  // global() warns
  static detail::ResultsFile results(options.results_file, detail::Logger(),
                                     options.tuning_lock_timeout);
  if (!never_tunes(options) && !has_a_stored_winner(results, site))
    detail::front_ends_from_environment()->start_ahead(compile_threads(options));
}

Runtime& Runtime::global() {
  static Runtime runtime = [] {
    RuntimeOptions options = RuntimeOptions::from_environment();
    auto compiler = std::make_shared<detail::NvrtcCompiler>(
        detail::DiskCache::open(detail::DiskCache::default_directory()), options.pch);
    return Runtime(detail::open_cuda_device(), std::move(compiler), std::move(options));
  }();
  return runtime;
}

}  // namespace tiletune
