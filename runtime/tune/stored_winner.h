// A winner from the results file instead of a tuning: the site as the file names it, the stored
// result that fits the space as it is now, compiled and loaded without measuring.
#pragma once

#include "store/results_file.h"
#include "tune/tuning_request.h"

#include <optional>
#include <string>

namespace tiletune::detail {

// A site as the results file names it: the file's base name (so the file stays valid where the
// sources live elsewhere), the line and the name expression: "vadd.cu:12 vadd<$tile>".
std::string results_site_name(const SiteInfo& site);

// What identifies a stored winner: the site (its code id, else its file and line), the device
// model, the key and the static hints.
StoredResult stored_identity(const SiteInfo& site, const Key& key, const DeviceInfo& device);

// The versions of what builds and runs the code here: the front end, the driver and tiletune.
ToolVersions current_versions(const TuningTools& tools, const DeviceInfo& device);

// The stored result for a tuning's winner, with the versions that made it.
StoredResult stored_winner(const SiteInfo& site, const Key& key, const DeviceInfo& device,
                           const TuningResult& result, const ToolVersions& versions);

// The winner stored in `results` for the request's key on `device`, compiled and loaded; nullopt
// when there is none that fits the code, the versions and the space as they are now, or it does
// not load (each said in the log, with why).
std::optional<TunedKernel> load_stored_winner(const TuningTools& tools,
                                              const TuningRequest& request, ResultsFile& results,
                                              const DeviceInfo& device);

// The configuration `config`, compiled and loaded without measuring. Throws tiletune::Error.
TunedKernel load_configuration(const TuningTools& tools, const TuningRequest& request,
                               const Config& config);

}  // namespace tiletune::detail
