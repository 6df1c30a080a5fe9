#include "runtime.h"

#include "compile/nvrtc_compiler.h"
#include "device/cuda_device.h"
#include "store/disk_cache.h"

#include <algorithm>
#include <thread>

namespace tiletune {

Runtime::Runtime(std::unique_ptr<detail::Device> device, std::shared_ptr<detail::Compiler> compiler,
                 RuntimeOptions options)
    : device_(std::move(device)),
      compiler_(std::move(compiler)),
      options_(options),
      results_(std::make_unique<detail::ResultsFile>(options.results_file, options.logger(),
                                                     options.tuning_lock_timeout)),
      pool_(options.workers ? options.workers : std::max(1u, std::thread::hardware_concurrency())) {
}

Runtime::~Runtime() = default;

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
