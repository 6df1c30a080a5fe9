// The results file's text: one block per (site, device, key, static hints), holding the space's
// checksum (a stored winner of a space that has since changed is ignored) and the winning
// configuration by axis name. Written for people to read, copy and commit:
//
//   [vadd.cu:12 vadd<$tile>]
//   code = 3f29a0c47e81d5b2
//   versions = nvrtc=13.0 driver=13.0 tiletune=0.1.0
//   device = NVIDIA H200 sm_90 132SM
//   key = 4096
//   hints = occupancy=0 num_ctas=0
//   space = 5f0c8b1d9a3e2c47
//   best = tile=128 occupancy=2
//   median_ms = 0.0123
//   runner_up = tile=256 occupancy=1
//   runner_up_ms = 0.0131
//   space_median_ms = 0.0208
//   measured = tile=64 occupancy=1 0.0402
//   measured = ...                               (one line per configuration that ran)
//
// A process appends a block per result it stores, so a file may hold several blocks of one
// identity: the last one counts. Now and then (when most blocks are replaced ones) the file is
// written again with one block per identity.
//
// The last four are optional (files written before them still parse): what `tiletune-results
// show` and `plot` print.
//   stopped = budget        (only when the time budget ran out)
//   measure = graph         (how the samples were timed, when not eager: graph or cold)
#pragma once

#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

// One configuration that ran in the tuning, and its median.
struct MeasuredConfig {
  Config config;
  double median_ms = 0;
};

// What made a stored result, besides the code: a change in any of them re-tunes (0 or "": not
// known, as in a block written before versions were recorded).
struct ToolVersions {
  int nvrtc = 0;   // major*1000 + minor*10
  int driver = 0;  // the CUDA driver's API version, the same convention
  std::string tiletune;

  bool operator==(const ToolVersions&) const = default;
};

// What differs from `before` to `now`, for a log line ("NVRTC 13.0 -> 13.1, driver 13.0 ->
// 13.1"); "" when nothing does.
std::string version_changes(const ToolVersions& before, const ToolVersions& now);

struct StoredResult {
  std::string site;  // "file.cu:12 kernel<$tile>", for people; the identity when `code` is ""
  std::string code;  // SiteInfo::id: the site's identity when given
  ToolVersions versions;
  std::string device;  // DeviceInfo::id
  Key key;
  Hints hints;
  std::uint64_t space_checksum = 0;
  std::vector<std::string> axis_names;
  Config best;
  double median_ms = 0;
  // Optional: the second fastest configuration, the median of every configuration's median, and
  // every configuration that ran (in the space's order).
  std::optional<Config> runner_up;
  std::optional<double> runner_up_ms;
  std::optional<double> space_median_ms;
  std::vector<MeasuredConfig> measured;
  std::string stopped;  // "budget" when the tuning's time budget ran out: the best so far won
  std::string measure;  // "graph" or "cold" (tiletune::Measure); "": eager, or not said

  bool same_identity(const StoredResult& other) const;
  // The site part of the identity: the same code id, or without ids the same file and line.
  bool same_site(const StoredResult& other) const;
};

// The identity of `r` (what same_identity compares) as text: equal for results of one identity,
// different for any two others; for lookups by identity in a hash table.
std::string identity_text(const StoredResult& r);

// The lines a results file opens with: what it is, for people.
std::string_view results_file_header();

// One result's block as a results file holds it: a blank line, then "[site]" and its fields. A
// file is its header and blocks one after another, so a block can be appended to one.
std::string format_result_block(const StoredResult& r);

// The text of a results file holding `results`, then the blocks in `kept` as they are (malformed
// blocks read from the file, which are the user's to mend, never this program's to drop).
std::string format_results(const std::vector<StoredResult>& results,
                           const std::vector<std::string>& kept = {});

// Every well-formed block in `text`, in order, a later block of an identity after an earlier one;
// a malformed block is skipped, and a line saying what and where is added to `problems` (`name`
// is the file's, for those lines; `first_line` the number of the text's first line in it): the
// first five, then one line counting the rest. Each malformed block's text goes into
// `unreadable` when it is not null. A field this version does not know is ignored.
std::vector<StoredResult> parse_result_blocks(std::string_view text, const std::string& name,
                                              std::vector<std::string>* problems,
                                              std::vector<std::string>* unreadable = nullptr,
                                              int first_line = 1);

// What `text` holds: as parse_result_blocks, with one result per identity, the last block of an
// identity in the place of its first (results are appended to a file, and a later block of an
// identity replaces the earlier).
std::vector<StoredResult> parse_results(std::string_view text, const std::string& name,
                                        std::vector<std::string>* problems,
                                        std::vector<std::string>* unreadable = nullptr);

}  // namespace tiletune::detail
