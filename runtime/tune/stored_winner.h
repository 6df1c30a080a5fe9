// A winner as the results file (and the broadcast between ranks) holds it: the site as the file
// names it, the identity a stored result is found by, the record a tuning's result becomes, whether
// a stored result still fits the space, and the stored winner loaded in place of a tuning.
#pragma once

#include "log/logger.h"
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

// Whether `stored` is a result for `space` as it is now: the same checksum and axis names, and a
// winner the space holds.
bool fits_space(const StoredResult& stored, const Space& space);

// The winner stored in `results` for the request's site, key and hints on the GPU model nearest to
// `device` among the others (the same compute capability first, then the nearest number of
// multiprocessors, as their ids say: "NVIDIA H100 80GB HBM3 sm_90 132SM"), where one fits the
// space as it is now: where a tuning on a new model starts, and what TILETUNE_MODE=pinned takes
// when nothing is stored for this model. Versions are not compared: it is only a start.
std::optional<StoredResult> nearest_model_winner(const TuningRequest& request, ResultsFile& results,
                                                 const DeviceInfo& device);

// The results file's winner for a request, or why the file's result for it is passed over.
struct StoredLookup {
  std::optional<TunedKernel> kernel;  // compiled and loaded, not measured; its median the file's
  // Why the stored result is not taken ("" when it is, or when there is none), worth saying at
  // `level`: "the stored result in results.txt was made by other versions (NVRTC 13.0 -> 13.1)".
  std::string passed_over;
  LogLevel level = LogLevel::detail;
};

// The winner stored in `results` for the request's key on `device`, if one fits the code, the
// versions and the space as they are now, passes `verify`, and loads.
StoredLookup load_stored_winner(const TuningTools& tools, const TuningRequest& request,
                                ResultsFile& results, const DeviceInfo& device);

}  // namespace tiletune::detail
