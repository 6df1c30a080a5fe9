#include "tune/stored_winner.h"

#include "tune/device_limits.h"
#include "tune/site_variant.h"
#include "tune/tuner.h"

#include <tiletune/error.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tiletune::detail {
namespace {

bool space_holds(const Space& space, const Config& config) {
  const std::vector<Config>& configs = space.configurations();
  return std::find(configs.begin(), configs.end(), config) != configs.end();
}

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

bool fits(const StoredResult& stored, const Space& space) {
  return stored.space_checksum == space.checksum() && stored.axis_names == space.axis_names() &&
         space_holds(space, stored.best);
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
  return stored;
}

std::optional<TunedKernel> load_stored_winner(const TuningTools& tools,
                                              const TuningRequest& request, ResultsFile& results,
                                              const DeviceInfo& device) {
  const TuningSettings& s = tools.settings;
  const StoredResult identity = stored_identity(request.site, request.key, device);
  std::optional<StoredResult> stored = results.find(identity);
  if (!stored) {
    // The same place and kernel under another code id: the code changed since (or the block is
    // from before ids). Said once: the tuning stores a block under the new id.
    if (!identity.code.empty() && s.log_level >= 1 && s.log)
      if (std::optional<StoredResult> earlier = results.find_if([&](const StoredResult& r) {
            StoredResult named = r;
            named.code.clear();
            StoredResult query = identity;
            query.code.clear();
            return r.code != identity.code && named.same_identity(query);
          }))
        std::fprintf(s.log,
                     "tiletune: %s: the stored result in %s is for other code (%s): tuning "
                     "again\n",
                     identity.site.c_str(), results.path().c_str(),
                     earlier->code.empty() ? "written before results named code: no code id"
                                           : "kernel changed");
    return std::nullopt;
  }
  if (const std::string changes =
          version_changes(stored->versions, current_versions(tools, device));
      !changes.empty()) {
    if (s.log_level >= 1 && s.log)
      std::fprintf(s.log,
                   "tiletune: %s: the stored result in %s was made by other versions (%s): "
                   "tuning again\n",
                   identity.site.c_str(), results.path().c_str(), changes.c_str());
    return std::nullopt;
  }
  if (!fits(*stored, request.site.space)) {
    if (s.log_level >= 1 && s.log)
      std::fprintf(s.log,
                   "tiletune: %s: the stored result in %s is for another space (checksum "
                   "differs): tuning again\n",
                   identity.site.c_str(), results.path().c_str());
    return std::nullopt;
  }
  try {
    // A results file can be stale or edited: under `verify` the winner passes the same check
    // as in a tuning before it is trusted.
    if (std::string wrong = check_stored_winner(tools, request, stored->best); !wrong.empty()) {
      if (s.log)
        std::fprintf(s.log,
                     "tiletune: %s: the stored winner %s from %s fails verification (%s): tuning "
                     "again\n",
                     identity.site.c_str(), request.site.space.describe(stored->best).c_str(),
                     results.path().c_str(), wrong.c_str());
      return std::nullopt;
    }
    TunedKernel loaded = load_configuration(tools, request, stored->best);
    loaded.result.measurements.front().median_ms = stored->median_ms;
    loaded.result.stopped = stored->stopped;
    if (s.log_level >= 1 && s.log)
      std::fprintf(s.log, "tiletune: %s: %s from %s\n", identity.site.c_str(),
                   request.site.space.describe(stored->best).c_str(), results.path().c_str());
    return loaded;
  } catch (const std::exception& e) {
    if (s.log)
      std::fprintf(s.log,
                   "tiletune: %s: the stored winner could not be loaded (%s): tuning again\n",
                   identity.site.c_str(), e.what());
    return std::nullopt;
  }
}

TunedKernel load_configuration(const TuningTools& tools, const TuningRequest& request,
                               const Config& config) {
  const auto start = std::chrono::steady_clock::now();
  const SiteInfo& site = request.site;
  const DeviceInfo device = tools.device.info(request.context);
  const Geometry geometry = request.geometry(config);
  TunedKernel loaded;
  loaded.cluster = cluster_size(site, config);
  if (std::optional<std::string> why = device_limit_violation(device, geometry, loaded.cluster))
    throw Error(site_location(site) + ": tiletune: the stored configuration " +
                site.space.describe(config) + " " + *why);
  const std::shared_ptr<const CompiledKernel> kernel =
      tools.compiler.compile(compile_request(site, config, geometry, device.arch, request.key));
  loaded.function = tools.device.load(request.context, kernel->cubin, kernel->entry);
  TuningResult& r = loaded.result;
  r = result_for(request);
  r.from_file = true;
  Measurement m;
  m.config = config;
  m.ok = true;
  m.registers = kernel->registers;
  r.measurements.push_back(m);
  r.best = 0;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return loaded;
}

}  // namespace tiletune::detail
