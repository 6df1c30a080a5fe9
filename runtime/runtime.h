// The runtime's shared parts: the device, the compiler, the worker pool, the results file and the
// options. Sites use the process-wide one unless a test hands them their own.
#pragma once

#include "compile/compiler.h"
#include "device/device.h"
#include "runtime_options.h"
#include "store/results_file.h"
#include "tune/thread_pool.h"
#include "tune/tuning_request.h"

#include <memory>

namespace tiletune {

class Runtime {
 public:
  Runtime(std::unique_ptr<detail::Device> device, std::shared_ptr<detail::Compiler> compiler,
          RuntimeOptions options);
  ~Runtime();

  // The process-wide runtime on the CUDA driver. Throws tiletune::Error when there is no GPU.
  static Runtime& global();

  detail::Device& device() { return *device_; }
  detail::Compiler& compiler() { return *compiler_; }
  detail::ThreadPool& pool() { return pool_; }
  const RuntimeOptions& options() const { return options_; }
  detail::ResultsFile& results() { return *results_; }
  // What a tuning works with.
  detail::TuningTools tuning_tools() { return {*device_, *compiler_, pool_, options_}; }

 private:
  std::unique_ptr<detail::Device> device_;
  std::shared_ptr<detail::Compiler> compiler_;
  RuntimeOptions options_;
  std::unique_ptr<detail::ResultsFile> results_;
  detail::ThreadPool pool_;
};

}  // namespace tiletune
