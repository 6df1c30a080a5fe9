// What the first launch of a key decided, and why: where its winner came from. A verdict is the one
// record that the decision's log lines and its result's flags (TuningResult's tuned, not_tuned,
// from_file, from_root, cache_hit) are written from, so that a new way of deciding is a new source
// here, with its line and its flags, rather than log calls spread over the steps.
#pragma once

#include "log/logger.h"
#include "tune/tuning_request.h"

#include <string>

namespace tiletune::detail {

struct Verdict {
  enum class Source : unsigned char {
    tuned,            // measured here
    disabled,         // TILETUNE_DISABLE: the first configuration, not measured
    results_file,     // the results file's winner, checked and loaded, not measured
    another_process,  // the same, stored by the process that held the key's lock
    another_thread,   // decided by another thread of this process while this one waited
    root_measured,    // the root rank's winner (the broadcast hook), measured there
    root_chose,       // the root rank's winner, chosen there without measuring
    rank_measured,    // another rank's winner sent through tune_ahead, measured there
    rank_chose,       // the same, chosen there without measuring
    pinned,  // TILETUNE_MODE=pinned and nothing stored: the first configuration that builds
    // TILETUNE_MODE=pinned and nothing stored for this model: the nearest model's stored winner
    pinned_nearest,
    // The stream was capturing a CUDA graph: the first configuration that builds, until the key's
    // next launch outside capture.
    provisional,
  };
  Source source = Source::tuned;
  // The results file's path (results_file, another_process, pinned), the model whose winner it is
  // (pinned_nearest), the root rank's device
  // where it is not this rank's (root_measured, root_chose), or for another_thread the tuning it
  // took on another GPU of this process ("another thread's tuning on a GPU of the same model");
  // else empty.
  std::string where;
  int rank = -1;  // the rank whose winner it is (rank_measured, rank_chose)
};

// A first launch's outcome: the winner, loaded, and why it is the winner.
struct Decision {
  TunedKernel kernel;
  Verdict verdict;
};

// `kernel` decided for `verdict`, its result's flags set from the verdict.
Decision decided(TunedKernel kernel, Verdict verdict);

// What `verdict` adds to a result: where it came from, and why it was not measured.
void stamp(const Verdict& verdict, TuningResult& result);

// The decision's lines in the log: the table of what was measured or tried (detail), then, for a
// winner chosen without measuring, a line that says so (notice), or where it was read from
// (detail). `site` names the site as the results file does; `space` describes configurations.
void tell(const Logger& log, const std::string& site, const Space& space, Decision& decision);

}  // namespace tiletune::detail
