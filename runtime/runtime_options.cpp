#include "runtime_options.h"

#include "store/disk_cache.h"

#include <tiletune/error.h>

#include <cstdlib>
#include <string>

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

}  // namespace

RuntimeOptions RuntimeOptions::from_environment() {
  RuntimeOptions o;
  o.disable = env_number("TILETUNE_DISABLE", 0) != 0;
  if (const char* mode = std::getenv("TILETUNE_MODE"); mode && *mode) {
    if (std::string(mode) == "pinned")
      o.pinned = true;
    else if (std::string(mode) != "tune")
      throw Error(std::string("tiletune: TILETUNE_MODE='") + mode +
                  "' is not a mode: use 'tune' (the default) or 'pinned'");
  }
  o.log_level = static_cast<int>(env_number("TILETUNE_LOG", 0));
  o.workers = static_cast<unsigned>(env_number("TILETUNE_WORKERS", 0));
  o.tuning_lock_timeout = std::chrono::seconds(env_number("TILETUNE_LOCK_TIMEOUT", 600));
  if (const char* file = std::getenv("TILETUNE_RESULTS_FILE"); file && *file)
    o.results_file = file;
  else if (std::string dir = detail::DiskCache::default_directory(); !dir.empty())
    o.results_file = dir + "/results.txt";
  return o;
}

}  // namespace tiletune
