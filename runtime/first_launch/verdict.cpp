#include "first_launch/verdict.h"

#include <utility>

namespace tiletune::detail {

using Source = Verdict::Source;

Decision decided(TunedKernel kernel, Verdict verdict) {
  stamp(verdict, kernel.result);
  return {std::move(kernel), std::move(verdict)};
}

void stamp(const Verdict& verdict, TuningResult& result) {
  const auto not_measured = [&](std::string why) {
    result.tuned = false;
    result.not_tuned = std::move(why);
  };
  switch (verdict.source) {
    case Source::tuned:
      break;
    case Source::disabled:
      not_measured("TILETUNE_DISABLE");
      break;
    case Source::results_file:
    case Source::another_process:
      result.from_file = true;
      break;
    case Source::another_thread:
      result.cache_hit = true;
      break;
    case Source::root_measured:
      result.from_root = true;
      break;
    case Source::root_chose:
      result.from_root = true;
      not_measured("the root rank chose it without measuring");
      break;
    case Source::rank_measured:
      result.from_rank = verdict.rank;
      break;
    case Source::rank_chose:
      result.from_rank = verdict.rank;
      not_measured("rank " + std::to_string(verdict.rank) + " chose it without measuring");
      break;
    case Source::pinned:
      not_measured("TILETUNE_MODE=pinned and no stored winner");
      break;
    case Source::pinned_nearest:
      result.from_file = true;
      not_measured("TILETUNE_MODE=pinned and no stored winner for this model: " + verdict.where +
                   "'s");
      break;
    case Source::provisional:
      not_measured("the stream was capturing a CUDA graph");
      break;
  }
}

namespace {

// The line for a winner that was not measured here, and its level; "" for none.
std::pair<LogLevel, std::string> line_for(const std::string& site, const std::string& config,
                                          const Verdict& verdict) {
  const auto root = [&](const char* how) {
    return site + ": adopted the root rank's winner " + config + " (" + how + " there" +
           (verdict.where.empty() ? "" : ", on " + verdict.where) + "); not measured here";
  };
  switch (verdict.source) {
    case Source::results_file:
    case Source::another_process:
      return {LogLevel::detail, site + ": " + config + " from " + verdict.where};
    case Source::root_measured:
      return {LogLevel::notice, root("measured")};
    case Source::root_chose:
      return {LogLevel::notice, root("chosen without measuring")};
    case Source::rank_measured:
    case Source::rank_chose:
      return {LogLevel::notice,
              site + ": " + config + " from rank " + std::to_string(verdict.rank) + " (" +
                  (verdict.source == Source::rank_measured ? "tuned" : "chosen without measuring") +
                  " there" + (verdict.where.empty() ? "" : ", on " + verdict.where) +
                  "); not measured here"};
    case Source::pinned:
      return {LogLevel::notice, site + ": TILETUNE_MODE=pinned and no stored winner in " +
                                    verdict.where + ": using " + config +
                                    ", the first configuration that builds"};
    case Source::pinned_nearest:
      return {LogLevel::notice, site +
                                    ": TILETUNE_MODE=pinned and no stored winner for this "
                                    "model: using " +
                                    config + ", the winner stored for " + verdict.where +
                                    " (the nearest model in the results file)"};
    case Source::provisional:
      return {LogLevel::notice,
              site + ": the stream is capturing a CUDA graph: " + config +
                  " (the first configuration that builds) is captured untuned; the site tunes at "
                  "its next launch outside capture"};
    case Source::another_thread:
      // Where another thread tuned it on another GPU: said, as that thread's table is its own.
      if (!verdict.where.empty())
        return {LogLevel::notice,
                site + ": " + config + " from " + verdict.where + "; not measured here"};
      break;
    case Source::tuned:
    case Source::disabled:
      break;
  }
  return {LogLevel::detail, ""};
}

// Whether the decision compiled (and maybe measured) configurations of its own here: its table
// says how each fared.
bool tried_here(Source source) {
  return source == Source::tuned || source == Source::disabled || source == Source::pinned ||
         source == Source::provisional;
}

}  // namespace

void tell(const Logger& log, const std::string& site, const Space& space, Decision& decision) {
  TuningResult& result = decision.kernel.result;
  if (tried_here(decision.verdict.source) && log.prints(LogLevel::detail)) {
    log.text(LogLevel::detail, result.table());
    result.logged = true;  // so that a program printing tuning_results() need not print it again
  }
  const auto [level, line] = line_for(site, space.describe(result.best_config()), decision.verdict);
  if (!line.empty()) log.line(level, line);
}

}  // namespace tiletune::detail
