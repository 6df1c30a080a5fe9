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
      results_(std::make_unique<detail::ResultsFile>(options.results_file, options.log,
                                                     options.tuning_lock_timeout)),
      pool_(options.workers ? options.workers : std::max(1u, std::thread::hardware_concurrency())) {
}

Runtime::~Runtime() = default;

Runtime& Runtime::global() {
  static Runtime runtime(detail::open_cuda_device(),
                         std::make_shared<detail::NvrtcCompiler>(
                             detail::DiskCache::open(detail::DiskCache::default_directory()),
                             detail::pch_mode_from_environment()),
                         RuntimeOptions::from_environment());
  return runtime;
}

}  // namespace tiletune
