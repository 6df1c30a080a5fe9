#include "runtime.h"

#include "compile/nvrtc_compiler.h"
#include "device/cuda_device.h"
#include "store/disk_cache.h"

#include <tiletune/error.h>
#include <tiletune/site.h>  // tuning_results(), defined here

#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace tiletune {
namespace {

long env_number(const char* name, long fallback) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < 0)
    throw Error(std::string("tiletune: ") + name + "='" + text +
                "' is not a non-negative whole number");
  return value;
}

std::mutex& results_mutex() {
  static std::mutex m;
  return m;
}
std::vector<TuningResult>& results_list() {
  static std::vector<TuningResult> list;
  return list;
}

}  // namespace

RuntimeOptions RuntimeOptions::from_environment() {
  RuntimeOptions o;
  o.disable = env_number("TILETUNE_DISABLE", 0) != 0;
  o.log_level = static_cast<int>(env_number("TILETUNE_LOG", 0));
  o.workers = static_cast<unsigned>(env_number("TILETUNE_WORKERS", 0));
  if (const char* file = std::getenv("TILETUNE_RESULTS_FILE"); file && *file)
    o.results_file = file;
  else if (std::string dir = detail::DiskCache::default_directory(); !dir.empty())
    o.results_file = dir + "/results.txt";
  return o;
}

Runtime::Runtime(std::unique_ptr<detail::Device> device, std::shared_ptr<detail::Compiler> compiler,
                 RuntimeOptions options)
    : device_(std::move(device)),
      compiler_(std::move(compiler)),
      options_(options),
      results_(std::make_unique<detail::ResultsFile>(options.results_file, options.log)),
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

void detail::record_tuning(const TuningResult& result) {
  std::lock_guard lock(results_mutex());
  results_list().push_back(result);
}

std::vector<TuningResult> tuning_results() {
  std::lock_guard lock(results_mutex());
  return results_list();
}

}  // namespace tiletune
