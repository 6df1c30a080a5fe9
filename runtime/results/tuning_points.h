// One tuning's times per configuration, as `plot` draws them: read from a results file's
// `measured` lines or from a TILETUNE_LOG=1 log's tuning tables.
#pragma once

#include "store/results_format.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::results {

// A configuration that was tried and did not run, and why (a log's "failed: ..." status).
struct FailedConfig {
  Config config;
  std::string why;
};

struct TuningPoints {
  std::string site;  // as the results file or the log names it
  Key key;
  std::vector<std::string> axis_names;
  std::vector<detail::MeasuredConfig> points;  // every configuration that ran
  std::optional<Config> winner;
  // Only a log says what did not run (a results file keeps what ran): the configurations that
  // failed, and its lines counting those the search never tried ("3 configurations not chosen").
  bool from_log = false;
  std::vector<FailedConfig> failed;
  std::vector<std::string> not_tried;
};

// Which tuning: a site whose name contains `site` (every site when empty) and a key written as
// "4096" or "4096,2" (every key when empty).
struct Selection {
  std::string site;
  std::string key;
};

// The tunings of a results file that have `measured` lines.
std::vector<TuningPoints> points_from_results(const std::vector<detail::StoredResult>& results);

// The tunings in a TILETUNE_LOG=1 log: each table's configurations that ran, and its best. Lines
// that are not part of a table are skipped, and so are tables of winners that were not measured
// (read from the results file, taken from another thread, or not tuned).
std::vector<TuningPoints> points_from_log(std::string_view log);

// True when `text` holds a tuning table, so that `plot` reads it as a log.
bool looks_like_log(std::string_view text);

// The one tuning `selection` picks; a tuning repeated with the same site and key counts once (the
// last is kept). Else "" in `why` is replaced by what went wrong: none, or several (listed).
std::optional<TuningPoints> select(const std::vector<TuningPoints>& tunings,
                                   const Selection& selection, std::string& why);

}  // namespace tiletune::results
