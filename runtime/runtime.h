// The runtime's shared parts: the device, the compiler, the worker pool, the results file and the
// options. Sites use the process-wide one unless a test hands them their own.
#pragma once

#include "compile/compiler.h"
#include "device/device.h"
#include "first_launch/tunings_in_process.h"
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

  // At the construction of `site` (its runtime; null: the process-wide one, not made here: that
  // opens the GPU): what the site's first tuning would start and wait for (Compiler::start_ahead)
  // is started now, in the background, unless the options say this process never tunes
  // (disabled, pinned) or the results file already holds a winner of the site (for some key): a
  // process whose every site has one is a warm restart, which most likely tunes nothing, and
  // would only pay for the workers. The sites the tool emits are constructed when the program
  // loads, long before a first launch has opened the GPU and tunes. Once per process; a later
  // call does nothing.
  static void start_compiles_ahead(Runtime* runtime, const SiteInfo& site);

  detail::Device& device() { return *device_; }
  detail::Compiler& compiler() { return *compiler_; }
  detail::ThreadPool& pool() { return pool_; }
  const RuntimeOptions& options() const { return options_; }
  detail::ResultsFile& results() { return *results_; }
  // What a tuning works with.
  detail::TuningTools tuning_tools() { return {*device_, *compiler_, pool_, options_}; }
  // The tunings its threads are doing now, so that threads on other GPUs of one model wait for
  // them in memory.
  detail::TuningsInProcess& tunings_in_process() { return *tunings_in_process_; }

 private:
  std::unique_ptr<detail::Device> device_;
  std::shared_ptr<detail::Compiler> compiler_;
  RuntimeOptions options_;
  std::unique_ptr<detail::ResultsFile> results_;
  detail::ThreadPool pool_;
  std::unique_ptr<detail::TuningsInProcess> tunings_in_process_ =
      std::make_unique<detail::TuningsInProcess>();
};

}  // namespace tiletune
