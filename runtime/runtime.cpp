#include "runtime.h"

#include "compile/front_end/front_end_runner.h"
#include "compile/nvrtc_compiler.h"
#include "device/cuda_device.h"
#include "store/disk_cache.h"

#include <algorithm>
#include <thread>

namespace tiletune {

namespace {

// The compile threads of a runtime with `options`.
unsigned compile_threads(const RuntimeOptions& options) {
  return options.workers ? options.workers : std::max(1u, std::thread::hardware_concurrency());
}

bool never_tunes(const RuntimeOptions& options) { return options.disable || options.pinned; }

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

void Runtime::start_compiles_ahead(Runtime* runtime) {
  if (runtime) {
    if (!never_tunes(runtime->options())) runtime->compiler().start_ahead(runtime->pool().size());
    return;
  }
  // What global() will read, and the front ends its compiler will use.
  static const RuntimeOptions options =
      RuntimeOptions::from_environment([](const std::string&) {});  // global() warns
  if (!never_tunes(options))
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
