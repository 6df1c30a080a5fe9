#include "tune/stored_winner.h"

#include "measure/measure_names.h"
#include "tune/tuner.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <utility>
#include <vector>

namespace tiletune::detail {
namespace {

// The median of `values` (the mean of the middle two when their count is even); not empty.
double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// What `show` and `plot` print besides the winner: every configuration that ran with its median,
// the fastest after the winner, and the median configuration's time.
void add_measurements(const TuningResult& result, StoredResult& stored) {
  std::vector<double> medians;
  int runner_up = -1;
  for (std::size_t i = 0; i < result.measurements.size(); ++i) {
    const Measurement& m = result.measurements[i];
    if (!m.ok) continue;
    stored.measured.push_back({m.config, m.median_ms});
    medians.push_back(m.median_ms);
    if (static_cast<int>(i) != result.best &&
        (runner_up < 0 || m.median_ms < result.measurements[runner_up].median_ms))
      runner_up = static_cast<int>(i);
  }
  if (runner_up >= 0) {
    stored.runner_up = result.measurements[runner_up].config;
    stored.runner_up_ms = result.measurements[runner_up].median_ms;
  }
  if (!medians.empty()) stored.space_median_ms = median_of(std::move(medians));
}

// The result of the site's place and kernel stored under another code id: the code changed since,
// or the block is from before ids. Only said (at TILETUNE_LOG=1): a tuning stores a new block.
std::string code_change(ResultsFile& results, const StoredResult& identity) {
  StoredResult unnamed = identity;
  unnamed.code.clear();
  const std::optional<StoredResult> earlier = results.find_if([&](const StoredResult& r) {
    StoredResult named = r;
    named.code.clear();
    return r.code != identity.code && named.same_identity(unnamed);
  });
  if (!earlier) return "";
  return "the stored result in " + results.path() + " is for other code (" +
         (earlier->code.empty() ? "written before results named code: no code id"
                                : "kernel changed") +
         ")";
}

StoredLookup passed_over(std::string why, LogLevel level) {
  StoredLookup lookup;
  lookup.passed_over = std::move(why);
  lookup.level = level;
  return lookup;
}

}  // namespace

std::string results_site_name(const SiteInfo& site) {
  std::string file = site.file;
  std::size_t slash = file.find_last_of('/');
  if (slash != std::string::npos) file = file.substr(slash + 1);
  return file + ":" + std::to_string(site.line) + " " + site.name_expression;
}

StoredResult stored_identity(const SiteInfo& site, const Key& key, const DeviceInfo& device) {
  StoredResult r;
  r.site = results_site_name(site);
  r.code = site.id;
  r.device = device.id;
  r.key = key;
  r.hints = site.hints;
  return r;
}

ToolVersions current_versions(const TuningTools& tools, const DeviceInfo& device) {
  return ToolVersions{tools.compiler.front_end_version(), device.driver_version,
                      TILETUNE_VERSION_TEXT};
}

StoredResult stored_winner(const SiteInfo& site, const Key& key, const DeviceInfo& device,
                           const TuningResult& result, const ToolVersions& versions) {
  StoredResult stored = stored_identity(site, key, device);
  stored.versions = versions;
  stored.space_checksum = site.space.checksum();
  stored.axis_names = site.space.axis_names();
  stored.best = result.best_config();
  stored.median_ms = result.measurements[result.best].median_ms;
  add_measurements(result, stored);
  stored.stopped = result.stopped;
  if (result.measure != "eager") stored.measure = result.measure;
  return stored;
}

bool fits_space(const StoredResult& stored, const Space& space) {
  const std::vector<Config>& configs = space.configurations();
  return stored.space_checksum == space.checksum() && stored.axis_names == space.axis_names() &&
         std::find(configs.begin(), configs.end(), stored.best) != configs.end();
}

namespace {

// A model's compute capability and multiprocessor count as its id says them ("... sm_90 132SM");
// -1 for what it does not say.
std::pair<int, int> model_traits(const std::string& id) {
  int arch = -1, sms = -1;
  for (std::size_t at = 0; at < id.size();) {
    std::size_t end = id.find(' ', at);
    if (end == std::string::npos) end = id.size();
    const std::string word = id.substr(at, end - at);
    auto number = [](const std::string& digits) {
      if (digits.empty() || digits.size() > 6 ||
          digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
      return std::stoi(digits);
    };
    if (word.rfind("sm_", 0) == 0) arch = number(word.substr(3));
    if (word.size() > 2 && word.compare(word.size() - 2, 2, "SM") == 0)
      sms = number(word.substr(0, word.size() - 2));
    at = end + 1;
  }
  return {arch, sms};
}

// How far model `other` is from `mine`: another compute capability (or one not known) weighs more
// than any difference in multiprocessors.
long long model_distance(const std::pair<int, int>& mine, const std::pair<int, int>& other) {
  const long long arch = mine.first < 0 || other.first < 0 ? 1000
                         : mine.first == other.first       ? 0
                                                     : 100 + std::abs(mine.first - other.first);
  const long long sms =
      mine.second < 0 || other.second < 0 ? 999 : std::abs(mine.second - other.second);
  return arch * 1000 + sms;
}

}  // namespace

std::optional<StoredResult> nearest_model_winner(const TuningRequest& request, ResultsFile& results,
                                                 const DeviceInfo& device) {
  const StoredResult identity = stored_identity(request.site, request.key, device);
  // The cheap comparisons first: this runs over the whole file once per new key.
  std::vector<StoredResult> others = results.find_all([&](const StoredResult& r) {
    // The site as StoredResult::same_identity names it: by its code id, else by file and line.
    const bool same_site =
        r.code.empty() && identity.code.empty() ? r.site == identity.site : r.code == identity.code;
    return r.device != identity.device && r.key == identity.key && same_site &&
           r.hints.occupancy == identity.hints.occupancy &&
           r.hints.num_ctas == identity.hints.num_ctas && fits_space(r, request.site.space);
  });
  if (others.empty()) return std::nullopt;
  const std::pair<int, int> mine = model_traits(device.id);
  // Nearest first; between equals, the first model id in order, so every process picks the same.
  return *std::min_element(others.begin(), others.end(),
                           [&](const StoredResult& a, const StoredResult& b) {
                             const long long da = model_distance(mine, model_traits(a.device));
                             const long long db = model_distance(mine, model_traits(b.device));
                             return da != db ? da < db : a.device < b.device;
                           });
}

StoredLookup load_stored_winner(const TuningTools& tools, const TuningRequest& request,
                                ResultsFile& results, const DeviceInfo& device) {
  const SiteInfo& site = request.site;
  const StoredResult identity = stored_identity(site, request.key, device);
  const std::string& file = results.path();
  const std::optional<StoredResult> stored = results.find(identity);
  if (!stored) {
    // Looked for only where it is said: every new key would otherwise scan the whole file.
    const bool said = !identity.code.empty() && tools.settings.logger().prints(LogLevel::detail);
    return passed_over(said ? code_change(results, identity) : "", LogLevel::detail);
  }
  if (const std::string changes =
          version_changes(stored->versions, current_versions(tools, device));
      !changes.empty())
    return passed_over(
        "the stored result in " + file + " was made by other versions (" + changes + ")",
        LogLevel::detail);
  if (!fits_space(*stored, site.space))
    return passed_over("the stored result in " + file + " is for another space (checksum differs)",
                       LogLevel::detail);
  // A winner timed one way need not be the winner timed another (a short kernel's eager launch
  // cost is no part of its time in a graph). Pinned, nothing is measured: any stored winner beats
  // the first configuration.
  const std::string_view measure =
      measure_name(with_effective_measure(request.options(), tools.settings).measure);
  if (const std::string stored_measure = stored->measure.empty() ? "eager" : stored->measure;
      !tools.settings.pinned && stored_measure != measure)
    return passed_over("the stored winner in " + file + " was measured " + stored_measure +
                           ", and this site measures " + std::string(measure),
                       LogLevel::detail);
  try {
    // A results file can be stale or edited: under `verify` the winner passes the same check as
    // in a tuning before it is trusted.
    if (const std::string wrong = check_stored_winner(tools, request, stored->best); !wrong.empty())
      return passed_over("the stored winner " + site.space.describe(stored->best) + " from " +
                             file + " fails verification (" + wrong + ")",
                         LogLevel::notice);
    StoredLookup found;
    found.kernel = load_configuration(tools, request, stored->best);
    found.kernel->result.measurements.front().median_ms = stored->median_ms;
    found.kernel->result.stopped = stored->stopped;
    found.kernel->result.measure = stored->measure.empty() ? "eager" : stored->measure;
    return found;
  } catch (const DeviceFault&) {
    throw;  // a tuning instead could run nothing in a faulted context: the fault is the error
  } catch (const std::exception& e) {
    return passed_over("the stored winner could not be loaded (" + std::string(e.what()) + ")",
                       LogLevel::notice);
  }
}

}  // namespace tiletune::detail
