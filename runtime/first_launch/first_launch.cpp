// The first launch of a key, top to bottom. From the outside in:
//
// - FirstLaunch::winner: the space checked; while the stream captures a CUDA graph, a provisional
//   winner: nothing measured, nothing stored.
// - decided_once: concurrent first launches of the key decide once; the others wait.
// - across_ranks: a winner another rank sent through tune_ahead is taken; else with a broadcast
//   hook the root rank decides and the others adopt its winner.
// - in_this_process: 1 stored, 2 pinned (or disabled), 3 another thread's tuning of the key on a
//   GPU of the same model, 3b lock, 4 stored again, 5 tune, 6 store.
//
// Every way out is a Decision: the winner and the Verdict that says why (verdict.h). What the log
// and the result say about a decision is written from its verdict (tell, stamp), never by a step.
#include "first_launch/first_launch.h"

#include "first_launch/verdict.h"
#include "ranks/rank_agreement.h"
#include "ranks/tuning_split.h"
#include "runtime.h"
#include "site/space_checks.h"
#include "store/tuning_lock.h"
#include "tune/stored_winner.h"
#include "tune/tuner.h"
#include "tuning_history.h"

#include <chrono>
#include <exception>
#include <memory>
#include <utility>

namespace tiletune::detail {
namespace {

using Source = Verdict::Source;

// What the steps of one decision work with; the request they decide is passed along beside it.
struct Deciding {
  Runtime& runtime;
  const std::string& site;  // as the results file names it
  TuningTools tools;
  DeviceInfo device;
  Logger log;

  const RuntimeOptions& options() const { return runtime.options(); }
  ResultsFile& results() const { return runtime.results(); }
};

// The steps, defined below in the order they run.
Decision across_ranks(const Deciding& d, const TuningRequest& request);
Decision in_this_process(const Deciding& d, const TuningRequest& request);
std::optional<TunedKernel> stored_winner_of(const Deciding& d, const TuningRequest& request);

// The winner as every later launch reads it, with the site's shared variables in its module.
std::unique_ptr<Winner> make_winner(Runtime& runtime, const TuningRequest& request,
                                    std::uint64_t hash, TunedKernel kernel) {
  auto winner = std::make_unique<Winner>();
  winner->symbols = symbol_copies(runtime.device(), request.site, kernel.function);
  winner->hash = hash;
  winner->key = request.key;
  winner->context = request.context;
  winner->function = kernel.function;
  winner->config = kernel.result.best_config();
  winner->cluster = kernel.cluster;
  winner->result = std::move(kernel.result);
  return winner;
}

}  // namespace

FirstLaunch::FirstLaunch(const SiteInfo& site, WinnerTable<Winner>& winners)
    : site_(site), site_name_(results_site_name(site)), winners_(winners) {}

const Winner* FirstLaunch::winner(Runtime& runtime, const TuningRequest& request,
                                  std::uint64_t hash) {
  // Before any of the site's code runs (the geometry below): it may assume a valid space.
  check_site_space(site_);
  const std::vector<Config>& configs = site_.space.configurations();
  if (!configs.empty() && runtime.device().capturing(request.geometry(configs.front()).stream))
    return provisional(runtime, request, hash);
  return decided_once(runtime, request, hash);
}

// Inside a CUDA graph capture nothing may be measured, allocated or synchronised: the first
// configuration that builds is captured, and the key decides at its next launch outside capture.
const Winner* FirstLaunch::provisional(Runtime& runtime, const TuningRequest& request,
                                       std::uint64_t hash) {
  std::lock_guard lock(provisional_mutex_);
  if (const Winner* w = find_winner(provisional_, request.key, request.context, hash)) return w;
  Decision decision =
      decided(first_runnable(runtime.tuning_tools(), request), {Source::provisional, ""});
  tell(runtime.options().logger(), site_name_, site_.space, decision);
  std::unique_ptr<Winner> winner = make_winner(runtime, request, hash, std::move(decision.kernel));
  winner->provisional = true;
  return provisional_.insert(std::move(winner));
}

// Concurrent first launches of the key decide once: the first decides and keeps the winner, the
// others wait for it and take it (recorded again, as a cache hit).
const Winner* FirstLaunch::decided_once(Runtime& runtime, const TuningRequest& request,
                                        std::uint64_t hash) {
  const auto waiting_since = std::chrono::steady_clock::now();
  bool decided_here = false;
  const Winner* w = deciding_.get(
      {hash, request.context},
      [&] {
        // Kept by a thread that decided while this one was on its way here.
        const Winner* kept = find_winner(winners_, request.key, request.context, hash);
        return kept ? kept : decide_and_keep(runtime, request, hash);
      },
      [](const Winner*) { return false; }, &decided_here);
  if (!decided_here) {
    TuningResult waited = w->result;
    stamp({Source::another_thread, ""}, waited);
    waited.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - waiting_since).count();
    record_tuning(waited);
  }
  return w;
}

// The decision, said in the log and recorded (tiletune::tuning_results()), its winner kept for
// every later launch.
const Winner* FirstLaunch::decide_and_keep(Runtime& runtime, const TuningRequest& request,
                                           std::uint64_t hash) {
  const Deciding d{runtime, site_name_, runtime.tuning_tools(),
                   runtime.device().info(request.context), runtime.options().logger()};
  Decision decision = across_ranks(d, request);
  // Under tune_ahead, this rank's decision goes to every other rank.
  if (std::vector<BroadcastRecord>* gather = decisions_to_gather()) {
    BroadcastRecord record;
    record.outcome = decision.kernel.result.tuned ? BroadcastRecord::Outcome::measured
                                                  : BroadcastRecord::Outcome::chosen;
    record.result = stored_winner(request.site, request.key, d.device, decision.kernel.result,
                                  current_versions(d.tools, d.device));
    gather->push_back(std::move(record));
  }
  tell(d.log, site_name_, site_.space, decision);
  record_tuning(decision.kernel.result);
  return winners_.insert(make_winner(runtime, request, hash, std::move(decision.kernel)));
}

void FirstLaunch::forget(const std::optional<Key>& key) {
  provisional_.erase_if([&](const Winner& w) { return !key || w.key == *key; });
}

namespace {

// A key another rank tuned under tune_ahead (include/tiletune/all_gather.h) takes that rank's
// winner; a launch of this rank's share of tune_ahead decides here alone, its decision sent.
// Otherwise, with a broadcast hook (include/tiletune/broadcast.h) every rank launches the root
// rank's winner: the root decides as any process does and broadcasts it, or its failure, so that
// no rank waits for ever; the others adopt it without measuring. Without a hook the process
// decides alone.
Decision across_ranks(const Deciding& d, const TuningRequest& request) {
  if (decisions_to_gather()) return in_this_process(d, request);
  if (std::optional<GatheredWinner> sent =
          gathered_winner(stored_identity(request.site, request.key, d.device))) {
    RootWinner taken = adopt_record(sent->record, "rank " + std::to_string(sent->rank), d.tools,
                                    request, d.device);
    return decided(
        std::move(taken.kernel),
        {taken.measured ? Source::rank_measured : Source::rank_chose, taken.device, sent->rank});
  }
  const std::optional<Broadcast> broadcast = current_broadcast();
  if (!broadcast) return in_this_process(d, request);
  if (!broadcast->is_root) {
    RootWinner root = adopt_from_root(*broadcast, d.tools, request, d.device);
    return decided(std::move(root.kernel),
                   {root.measured ? Source::root_measured : Source::root_chose, root.device});
  }
  Decision decision;
  try {
    decision = in_this_process(d, request);
  } catch (const std::exception& e) {
    broadcast_failure(*broadcast, request, d.device, e.what());
    d.log.line(LogLevel::notice, d.site +
                                     ": no winner on the root rank; its failure is broadcast so "
                                     "that every rank stops here");
    throw;
  }
  broadcast_winner(*broadcast, d.tools, request, d.device, decision.kernel.result);
  return decision;
}

// One process's decision.
Decision in_this_process(const Deciding& d, const TuningRequest& request) {
  const RuntimeOptions& options = d.options();
  const std::string& file = d.results().path();
  // 1. The results file's winner (TILETUNE_DISABLE reads nothing stored).
  if (!options.disable)
    if (std::optional<TunedKernel> stored = stored_winner_of(d, request))
      return decided(std::move(*stored), {Source::results_file, file});
  // 2. Every process of a job must launch the same code: no measuring, ever, so no lock either.
  // TILETUNE_DISABLE: the first configuration, not measured, not stored.
  // TILETUNE_MODE=pinned with nothing stored for this model: the nearest model's winner, where one
  // is stored and loads here, else the first configuration that builds.
  if (options.pinned) {
    if (std::optional<StoredResult> nearest = nearest_model_winner(request, d.results(), d.device))
      try {
        return decided(load_configuration(d.tools, request, nearest->best),
                       {Source::pinned_nearest, nearest->device});
      } catch (const std::exception& e) {
        d.log.line(LogLevel::notice, d.site + ": " + nearest->device + "'s winner " +
                                         request.site.space.describe(nearest->best) +
                                         " does not load here (" + e.what() + ")");
      }
    return decided(first_runnable(d.tools, request), {Source::pinned, file});
  }
  if (options.disable) return decided(tune(d.tools, request), {Source::disabled, ""});
  // 3. The threads of this process tune each key once per GPU model: the first to get here tunes
  // (3b on), the others wait for it in memory and load its winner, not measured here.
  const StoredResult identity = stored_identity(request.site, request.key, d.device);
  TuningsInProcess::Turn turn = d.runtime.tunings_in_process().claim(identity_text(identity));
  if (!turn.owner()) {
    d.log.line(LogLevel::notice, d.site +
                                     ": another thread of this process is tuning it (on a GPU of "
                                     "the same model): waiting for its winner");
    if (std::optional<StoredResult> winner = turn.wait()) {
      TunedKernel kernel = load_configuration(d.tools, request, winner->best);
      kernel.result.measurements.front().median_ms = winner->median_ms;
      return decided(std::move(kernel), {Source::another_thread,
                                         "another thread's tuning on a GPU of the same model"});
    }
    // It found none (it failed): this thread decides for itself, as below.
  }
  // 3b. Processes sharing the results file tune each key once: the first holds the key's lock
  // until its winner is stored (6); the others wait for it, then (4) find that winner in the file.
  // Without a file, 4 still finds what a thread that tuned it between 1 and 3 stored in memory.
  std::optional<TuningLock> lock;
  if (!file.empty()) {
    lock.emplace(file, identity, options.tuning_lock_timeout, d.log);
    d.results().reload();
  }
  if (std::optional<TunedKernel> stored = stored_winner_of(d, request)) {
    if (turn.owner())
      turn.finish(stored_winner(request.site, request.key, d.device, stored->result,
                                current_versions(d.tools, d.device)));
    if (file.empty())
      return decided(std::move(*stored), {Source::another_thread,
                                          "another thread's tuning on a GPU of the same model"});
    return decided(std::move(*stored), {Source::another_process, file});
  }
  // 5. Measure: from another model's winner where one is stored (a short search around it), else
  // the site's search.
  std::optional<WarmStart> start;
  if (std::optional<StoredResult> nearest = nearest_model_winner(request, d.results(), d.device))
    start = WarmStart{nearest->best, nearest->device};
  TuningRequest started = request;
  started.warm_start = start ? &*start : nullptr;
  Decision tuned = decided(tune(d.tools, started), {Source::tuned, ""});
  // 6. Store, and hand the winner to the threads waiting in 3.
  StoredResult winner = stored_winner(request.site, request.key, d.device, tuned.kernel.result,
                                      current_versions(d.tools, d.device));
  d.results().store(winner);
  if (turn.owner()) turn.finish(std::move(winner));
  return tuned;
}

// 1 and 4: the results file's winner for the key (tune/stored_winner.h); when the file's result is
// passed over, the log says why.
std::optional<TunedKernel> stored_winner_of(const Deciding& d, const TuningRequest& request) {
  StoredLookup stored = load_stored_winner(d.tools, request, d.results(), d.device);
  if (!stored.passed_over.empty())
    d.log.line(stored.level, d.site + ": " + stored.passed_over + ": tuning again");
  return std::move(stored.kernel);
}

}  // namespace
}  // namespace tiletune::detail
