// What a tuning is asked to do (one site, key and context, with the launch's geometry, arguments
// and options), what it works with (the runtime's device, compiler, workers and settings), and
// what it gives back.
#pragma once

#include "compile/compiler.h"
#include "device/device.h"
#include "log/logger.h"
#include "tune/measurement.h"
#include "tune/thread_pool.h"

#include <tiletune/function_refs.h>
#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/tuning_result.h>

#include <tiletune/tuning_options.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>

namespace tiletune::detail {

struct TuningSettings {
  bool disable = false;  // TILETUNE_DISABLE=1: no tuning, the first configuration
  // TILETUNE_MODE=pinned: never measure: the stored winner, else the first configuration that
  // builds, so that every process of a job launches the same code.
  bool pinned = false;
  // Where the runtime's lines go (null: nowhere) and TILETUNE_LOG: 0 notices only, 1 a table per
  // tuning, 2 every sample (log/logger.h).
  int log_level = 0;
  std::FILE* log = stderr;
  Logger logger() const { return Logger(log, log_level); }
  // The process's first tuning says when it may use fewer CPUs than the host has
  // (process/usable_cpus.h). On in the process-wide runtime's options
  // (RuntimeOptions::from_environment); off by default, so that what a runtime made by hand logs
  // does not depend on the machine it runs on.
  bool say_narrowed_cpus = false;
  SamplingRule sampling;
  double tie_tolerance = 0.01;  // a later configuration must be this much faster to win
  // false: compile each configuration on the calling thread just before measuring it (no overlap,
  // no pool): the baseline the pipeline is measured against.
  bool pipeline = true;
  // With the pipeline: the most distinct instantiations compiled in one NVRTC program, used when
  // there are more of them than workers (each worker then gets a batch); 1: never batch.
  unsigned front_end_batch = 32;
  // The one clock of a tuning (its budget and its progress lines); empty: the steady clock.
  // Tests inject one so that nothing depends on real time.
  using Clock = std::chrono::steady_clock;
  std::function<Clock::time_point()> clock;
  // The clock each configuration's build is timed on (Measurement::build_ms); empty: the steady
  // clock. Not `clock`: builds read it on the workers, concurrently, where a test's clock that
  // moves at each reading would move the tuning's budget and progress lines with them.
  std::function<Clock::time_point()> build_clock;
  // At log level 1 and above, a tuning still going after `progress_after` says how many
  // configurations it has done, at most once per `progress_every`.
  std::chrono::milliseconds progress_after{1000};
  std::chrono::milliseconds progress_every{1000};
  // TILETUNE_SEARCH and TILETUNE_BUDGET: they override every site's `search` and `budget`.
  std::optional<SearchStrategy> search;
  std::optional<double> budget_s;
  // TILETUNE_MEASURE: how every site's samples are timed, overriding its `measure`.
  std::optional<Measure> measure;
};

struct TuningTools {
  Device& device;
  Compiler& compiler;
  ThreadPool& pool;
  const TuningSettings& settings;
};

// Another GPU model's winner, where a tuning starts: it is measured first, then a local search
// around it (tune/search/sample.h) replaces the site's search unless that is `exhaustive`.
struct WarmStart {
  Config config;
  std::string from;  // the model whose winner it is, as the results file names it (DeviceInfo::id)
};

struct TuningRequest {
  const SiteInfo& site;
  const Key& key;
  ContextHandle context;
  GeometryRef geometry;
  void** args;               // each kernel argument, converted to the kernel's parameter types
  TuningOptionsRef options;  // called when a tuning measures or a stored winner is verified
  ArgumentsRef arguments;    // rewrites the per-configuration arguments in `args`
  const WarmStart* warm_start = nullptr;  // where the search starts, when another model's winner
};

// The winner of a tuning (or the stored winner), loaded into the request's context.
struct TunedKernel {
  TuningResult result;
  FunctionHandle function = nullptr;
  int cluster = 0;
};

// A result naming the request's site, kernel, key and axes, with no measurements yet.
TuningResult result_for(const TuningRequest& request);

}  // namespace tiletune::detail
