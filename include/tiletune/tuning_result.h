// The outcome of one tuning: every configuration's measurement or failure, and the winner.
#pragma once

#include <tiletune/launch.h>
#include <tiletune/space.h>

#include <cstddef>
#include <string>
#include <vector>

namespace tiletune {

// One configuration's outcome in a tuning.
struct Measurement {
  Config config;
  bool ok = false;
  double median_ms = 0;  // of the samples
  double spread = 0;     // (q3 - q1) / median of the samples
  int samples = 0;
  int registers = -1;
  bool stopped_early = false;  // already far slower than the best after a few samples
  std::string failure;         // why it was not measured (or was disqualified), when !ok
  // The search never compiled it (`failure` says why: not chosen, or the budget ran out).
  bool not_visited = false;
  // The earlier configuration (index into measurements) with the same machine code and launch
  // geometry, whose median this one took without being measured; -1 when measured itself.
  int same_code_as = -1;
  // How long the workers took to build it, in milliseconds (its NVRTC program's front end, which it
  // waits for whole, then its machine code and module load; not its wait for a free worker); -1
  // when this tuning did not build it. A round of the search waits for its slowest build.
  double build_ms = -1;
  // When its trial in this tuning ended (measured, or failed), in milliseconds from the tuning's
  // start, on the tuning's clock; -1 when it had none here (not visited, refused before compiling,
  // timed as the same code as another, or read from the results file). The winner's says how far
  // into the tuning the search found what it kept.
  double measured_at_ms = -1;
};

struct TuningResult {
  std::string site;  // "file:line"
  std::string kernel;
  Key key;
  std::vector<std::string> axis_names;
  std::vector<Measurement> measurements;  // in the space's order
  int best = -1;                          // index into measurements
  double seconds = 0;                     // wall time of the tuning
  // Where the calling thread spent that time, in milliseconds: waiting for the workers' compiles
  // and module loads (with the pipeline off, compiling), loading modules itself, checking outputs
  // (verify) and measuring.
  struct Phases {
    double compile_ms = 0;
    double load_ms = 0;
    double check_ms = 0;
    double measure_ms = 0;
  } phases;
  // The rounds the search visited in: each is compiled and measured before the next is chosen, so
  // that their number, more than the configurations', sets a sampled tuning's wall time.
  int rounds = 0;
  std::string search;   // the strategy that chose what to visit: "exhaustive", "sample (seed 18)"
  std::string stopped;  // "budget" when the time budget ran out: the best so far won
  // How the samples were timed: "eager", "graph" or "cold" (tiletune::Measure); "" when nothing
  // was measured.
  std::string measure;
  std::string not_tuned;  // why the winner was chosen without measuring, when !tuned
  bool tuned = true;      // false under TILETUNE_DISABLE: the first configuration
  // Read from the results file: `measurements` holds the stored winner only.
  bool from_file = false;
  // Adopted from the root rank's broadcast (include/tiletune/broadcast.h): chosen there, only
  // compiled and loaded here; `measurements` holds the root's winner, with its median.
  bool from_root = false;
  // Adopted from the rank that tuned it under tune_ahead (include/tiletune/all_gather.h): that
  // rank; -1 otherwise. Only compiled and loaded here, as from_root.
  int from_rank = -1;
  // This launch waited for another thread's tuning of the same key and took its result.
  bool cache_hit = false;
  // TILETUNE_LOG=1 printed table() when the result was made: a program that prints its results'
  // tables prints only the others, or each would appear twice.
  bool logged = false;

  const Config& best_config() const {
    return measurements.at(static_cast<std::size_t>(best)).config;
  }
  // When the winner's machine code was timed, in milliseconds from the tuning's start: its own
  // trial's end, or, when it took the median of an earlier trial with the same code (the tie goes
  // to the first in the space, which may be the copy), that trial's. -1 when neither had one here.
  double best_measured_at_ms() const {
    if (best < 0) return -1;
    const Measurement& winner = measurements.at(static_cast<std::size_t>(best));
    return winner.same_code_as >= 0
               ? measurements.at(static_cast<std::size_t>(winner.same_code_as)).measured_at_ms
               : winner.measured_at_ms;
  }
  // A table with one row per configuration the search visited or refused (values, median,
  // spread, samples, status), and a line counting those it did not visit, by reason.
  std::string table() const;
};

}  // namespace tiletune
