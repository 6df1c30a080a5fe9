// The runtime's shared parts: the device, the compiler, the worker pool and the options read from
// the environment. Sites use the process-wide one unless a test hands them their own.
#pragma once

#include "compile/compiler.h"
#include "device/device.h"
#include "store/results_file.h"
#include "thread_pool.h"

#include <tiletune/tuning_result.h>

#include <cstdio>
#include <memory>

namespace tiletune {

struct RuntimeOptions {
  bool disable = false;  // TILETUNE_DISABLE=1: no tuning, the first configuration
  int log_level = 0;     // TILETUNE_LOG: 0 silent, 1 a table per tuning, 2 every sample
  unsigned workers = 0;  // TILETUNE_WORKERS; 0: the host's cores

  // Measurement: warm-up launches, then samples until the middle half of the samples spreads
  // less than `stable_spread` of the median, `max_samples` are taken, or `budget_ms` of sampling
  // is spent. The budget binds only long kernels that never settle: 50 samples of a 0.3 ms kernel
  // at a 4% spread took 15 ms of a 60 ms tuning (bench/tuning_time, H200), while capping samples
  // at 20 instead cost short kernels their precision (tuning_quality: transpose 7/10).
  int warmup = 2;
  int min_samples = 5;
  // Sampling also goes on until the samples add up to this much kernel time: a short kernel's
  // samples are cheap, and noisier for their length (tuning_quality, transpose at 0.04 ms: with 5
  // samples the winner missed the oracle best by over 2% in 5 of 10 tunings on one run).
  double min_sample_ms = 1;
  int max_samples = 50;
  double stable_spread = 0.02;
  double budget_ms = 10;        // wall time of one configuration's samples
  double tie_tolerance = 0.01;  // a later configuration must be this much faster to win
  // A configuration whose fastest sample, after `early_stop_samples`, is `early_stop_ratio` times
  // the best median so far stops there: it cannot win.
  int early_stop_samples = 3;
  double early_stop_ratio = 1.5;
  // false: compile each configuration on the calling thread just before measuring it (no overlap,
  // no pool): the baseline the pipeline is measured against.
  bool pipeline = true;
  // With the pipeline: the most distinct instantiations compiled in one NVRTC program, used when
  // there are more of them than workers (each worker then gets a batch); 1: never batch.
  unsigned front_end_batch = 32;
  // Where winners are kept across processes ("": memory only). TILETUNE_RESULTS_FILE, else
  // results.txt in the cache directory.
  std::string results_file;

  std::FILE* log = stderr;

  static RuntimeOptions from_environment();
};

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

 private:
  std::unique_ptr<detail::Device> device_;
  std::shared_ptr<detail::Compiler> compiler_;
  RuntimeOptions options_;
  std::unique_ptr<detail::ResultsFile> results_;
  detail::ThreadPool pool_;
};

namespace detail {
// Adds a finished tuning to the list tiletune::tuning_results() returns.
void record_tuning(const TuningResult& result);
}  // namespace detail

}  // namespace tiletune
