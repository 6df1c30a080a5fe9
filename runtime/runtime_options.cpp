#include "runtime_options.h"

#include "log/logger.h"
#include "measure/measure_names.h"
#include "search/search_strategies.h"
#include "settings/boolean_variable.h"
#include "store/disk_cache.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace tiletune {
namespace {

// A whole-number variable: its accepted range, what it means when unset, and how to say the range.
struct NumberVariable {
  const char* name;
  long least;
  long most;
  long unset;
  const char* range;  // the accepted values, in words
};

constexpr NumberVariable kLog{"TILETUNE_LOG", 0, 2, 0, "0 to 2"};
// A tuning of a large space takes minutes; a day is past any tuning.
constexpr NumberVariable kLockTimeout{"TILETUNE_LOCK_TIMEOUT", 0, 86400, 600, "0 to 86400 seconds"};
// Whole seconds; 0 lifts every site's budget.
constexpr NumberVariable kBudget{"TILETUNE_BUDGET", 0, 86400, 0, "0 (none) to 86400 seconds"};
// Far more threads than any host has cores: compiles are CPU-bound.
constexpr NumberVariable kWorkers{"TILETUNE_WORKERS", 0, 1024, 0,
                                  "0 (one per CPU the process may use) to 1024"};
constexpr NumberVariable kNvrtcWorkerTimeout{"TILETUNE_NVRTC_WORKER_TIMEOUT", 1, 86400,
                                             detail::kWorkerTimeoutDefault.count(),
                                             "1 to 86400 seconds"};

// The variable's value. Not a whole number: the unset value; out of range: the nearest end of the
// range; either after one warning that names the variable, its value, the range and what is used.
long env_number(const NumberVariable& v, const RuntimeOptions::Warn& warn) {
  const char* text = std::getenv(v.name);
  if (!text || !*text) return v.unset;
  char* end = nullptr;
  errno = 0;
  const long value = std::strtol(text, &end, 10);
  const bool number = end != text && *end == '\0';
  long used = v.unset;
  std::string problem = "is not a whole number";
  if (number) {
    const bool overflowed = errno == ERANGE;
    if (!overflowed && value >= v.least && value <= v.most) return value;
    used = (value < v.least) ? v.least : v.most;
    problem = "is out of range";
  }
  warn(std::string(v.name) + "='" + text + "' " + problem + " (accepted: " + v.range + "); using " +
       std::to_string(used));
  return used;
}

// TILETUNE_SEARCH: a strategy's name, or nullopt (unset, or not a name after a warning).
std::optional<SearchStrategy> env_search(const RuntimeOptions::Warn& warn) {
  const char* text = std::getenv("TILETUNE_SEARCH");
  if (!text || !*text) return std::nullopt;
  const std::string name = text;
  if (const std::optional<SearchStrategy> strategy = detail::strategy_named(name)) return strategy;
  warn("TILETUNE_SEARCH='" + name + "' is not a strategy (accepted: " +
       detail::strategy_name_list() + "); using each site's own");
  return std::nullopt;
}

// TILETUNE_MEASURE: a mode's name, or nullopt (unset, or not a name after a warning).
std::optional<Measure> env_measure(const RuntimeOptions::Warn& warn) {
  const char* text = std::getenv("TILETUNE_MEASURE");
  if (!text || !*text) return std::nullopt;
  if (const std::optional<Measure> measure = detail::measure_named(text)) return measure;
  warn(std::string("TILETUNE_MEASURE='") + text + "' is not a way to measure (accepted: " +
       std::string(detail::kMeasureNameList) + "); using each site's own");
  return std::nullopt;
}

// TILETUNE_PCH: a boolean, or auto (the default).
detail::PchMode env_pch(const RuntimeOptions::Warn& warn) {
  const char* text = std::getenv("TILETUNE_PCH");
  if (!text || !*text || std::string_view(text) == "auto") return detail::PchMode::kAuto;
  if (const std::optional<bool> on = settings::parse_boolean(text))
    return *on ? detail::PchMode::kOn : detail::PchMode::kOff;
  warn(settings::not_a_boolean("TILETUNE_PCH", text, "auto, ", "auto"));
  return detail::PchMode::kAuto;
}

}  // namespace

RuntimeOptions RuntimeOptions::from_environment(const Warn& warn) {
  const Warn print = [](const std::string& message) {
    detail::Logger::warnings().warning(message);
  };
  const Warn& say = warn ? warn : print;
  RuntimeOptions o;
  o.say_narrowed_cpus = true;
  o.disable = settings::boolean_variable("TILETUNE_DISABLE", false, say);
  o.log_level = static_cast<int>(env_number(kLog, say));
  o.workers = static_cast<unsigned>(env_number(kWorkers, say));
  o.compile_processes = settings::boolean_variable("TILETUNE_COMPILE_PROCESSES", true, say);
  o.nvrtc_worker_timeout = std::chrono::seconds(env_number(kNvrtcWorkerTimeout, say));
  o.pch = env_pch(say);
  o.tuning_lock_timeout = std::chrono::seconds(env_number(kLockTimeout, say));
  o.search = env_search(say);
  o.measure = env_measure(say);
  if (const char* budget = std::getenv(kBudget.name); budget && *budget)
    o.budget_s = static_cast<double>(env_number(kBudget, say));
  if (const char* mode = std::getenv("TILETUNE_MODE"); mode && *mode) {
    if (std::string(mode) == "pinned")
      o.pinned = true;
    else if (std::string(mode) != "tune")
      say(std::string("TILETUNE_MODE='") + mode +
          "' is not a mode (accepted: tune, pinned); using tune");
  }
  if (const char* file = std::getenv("TILETUNE_RESULTS_FILE"); file && *file)
    o.results_file = file;
  else if (std::string dir = detail::DiskCache::default_directory(); !dir.empty())
    o.results_file = dir + "/results.txt";
  return o;
}

}  // namespace tiletune
