#include "tune/tuner.h"

#include "tune/build_schedule.h"
#include "tune/cost_model.h"
#include "tune/device_limits.h"
#include "tune/run_identity.h"
#include "tune/search/search.h"
#include "tune/site_variant.h"
#include "tune/symbol_copies.h"
#include "tune/trial_memory.h"
#include "tune/tuning_progress.h"

#include "process/usable_cpus.h"

#include "cubin/kernel_resources.h"
#include "measure/measure_names.h"

#include <tiletune/error.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>

namespace tiletune::detail {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A configuration on its way to being measured.
struct Candidate {
  Geometry geometry;
  int cluster = 0;
  int occupancy = 0;           // the hint's least blocks per multiprocessor (0: none)
  bool refused = false;        // by the device's limits: never built
  double predicted_use = 0;    // the cost model's device use before the build (ranked())
  std::future<Built> built;    // with the pipeline: from the workers
  std::function<bool()> drop;  // set while `built` was started ahead of its round (search.h)
};

// The configuration of `m` with its geometry, refused when the device cannot launch it or cannot
// meet its occupancy hint (before anything is compiled; the reason goes into `m`).
Candidate screened(const TuningRequest& request, const DeviceInfo& device, Measurement& m) {
  Candidate c;
  c.geometry = request.geometry(m.config);
  c.cluster = cluster_size(request.site, m.config);
  c.occupancy = occupancy_of(request.site, m.config);
  std::optional<std::string> why = device_limit_violation(device, c.geometry, c.cluster);
  if (!why) why = occupancy_violation(device, c.geometry, c.occupancy);
  if (why) {
    m.failure = "skipped: " + *why;
    c.refused = true;
  }
  return c;
}

// Every configuration of `measurements` screened.
std::vector<Candidate> screen(const TuningRequest& request, const DeviceInfo& device,
                              std::vector<Measurement>& measurements) {
  std::vector<Candidate> candidates;
  candidates.reserve(measurements.size());
  for (Measurement& m : measurements) candidates.push_back(screened(request, device, m));
  return candidates;
}

// Queues the builds of `round`, so that the workers run ahead while this thread measures them in
// order.
void start_candidate_builds(const TuningTools& tools, const TuningRequest& request, int arch,
                            std::vector<Candidate>& candidates,
                            const std::vector<std::size_t>& round) {
  std::vector<CompileRequest> requests;
  std::vector<Candidate*> queued;
  const std::vector<Config>& configs = request.site.space.configurations();
  for (std::size_t i : round) {
    if (candidates[i].refused || candidates[i].built.valid()) continue;  // refused, or built ahead
    requests.push_back(
        compile_request(request.site, configs[i], candidates[i].geometry, arch, request.key));
    queued.push_back(&candidates[i]);
  }
  std::vector<std::future<Built>> futures =
      start_builds(tools, request.context, std::move(requests));
  for (std::size_t n = 0; n < queued.size(); ++n) queued[n]->built = std::move(futures[n]);
}

// Starts the builds of `indices` ahead of the round that may visit them, each droppable.
void start_builds_ahead(const TuningTools& tools, const TuningRequest& request, int arch,
                        std::vector<Candidate>& candidates,
                        const std::vector<std::size_t>& indices) {
  std::vector<CompileRequest> requests;
  std::vector<Candidate*> queued;
  const std::vector<Config>& configs = request.site.space.configurations();
  for (std::size_t i : indices) {
    if (candidates[i].refused || candidates[i].built.valid()) continue;
    requests.push_back(
        compile_request(request.site, configs[i], candidates[i].geometry, arch, request.key));
    queued.push_back(&candidates[i]);
  }
  if (requests.empty()) return;
  std::vector<DroppableBuild> builds =
      start_droppable_builds(tools, request.context, std::move(requests));
  for (std::size_t n = 0; n < queued.size(); ++n) {
    queued[n]->built = std::move(builds[n].future);
    queued[n]->drop = std::move(builds[n].drop);
  }
}

// Drops the build `c` started ahead: when it no longer needs waiting for, it is forgotten, and a
// later round that visits the configuration builds it again (from the compiler's caches where
// its compile finished).
void drop_ahead(Candidate& c) {
  if (c.drop && c.drop()) c.built = {};
  c.drop = {};
}

// The round in the order the cost model ranks it before anything is compiled (its grid, its
// threads and dynamic shared memory, the occupancy hint: tune/cost_model.h), the most promising
// first; ties keep the round's order. Its builds are started and its configurations measured in
// this order, so that the sampling rule stops the others early against a good best.
std::vector<std::size_t> ranked(const DeviceInfo& device, std::vector<Candidate>& candidates,
                                std::vector<std::size_t> round) {
  std::vector<double> use(round.size());
  for (std::size_t n = 0; n < round.size(); ++n) {
    Candidate& c = candidates[round[n]];
    c.predicted_use =
        c.refused ? 0 : predict_cost(device, c.geometry, -1, -1, c.occupancy).device_use;
    use[n] = c.predicted_use;
  }
  std::vector<std::size_t> order(round.size());
  for (std::size_t n = 0; n < order.size(); ++n) order[n] = n;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return use[a] > use[b]; });
  std::vector<std::size_t> out;
  for (std::size_t n : order) out.push_back(round[n]);
  return out;
}

// The position in `round` of the configuration to measure next, of the first `started` (whose
// builds are queued) not yet `taken`: the first in the round's order whose build is ready (or that
// needs none), so that the calling thread measures while slower builds finish, and a climb's
// leader is found, and its neighbours built ahead, as early as can be; when none is ready, the
// first once ready. Only the first may be one the cost model predicts under a quarter of the
// round's most promising use: it is left unmeasured once a better one is measured, which a ready
// build must not pre-empt (what is measured would depend on which compile finished first). Time
// waited goes to `phases.compile_ms`.
std::size_t next_to_measure(const std::vector<std::size_t>& round, const std::vector<bool>& taken,
                            std::size_t started, std::vector<Candidate>& candidates,
                            TuningResult::Phases& phases) {
  const Clock::time_point start = Clock::now();
  double most_promising = 0;
  for (std::size_t i : round)
    most_promising = std::max(most_promising, candidates[i].predicted_use);
  const double least_ahead_of_turn = kLeastDeviceUseOfBest * most_promising;
  for (;;) {
    std::size_t first = round.size();
    for (std::size_t p = 0; p < started; ++p) {
      if (taken[p]) continue;
      if (first == round.size()) first = p;
      const Candidate& c = candidates[round[p]];
      if (p != first && c.predicted_use < least_ahead_of_turn) continue;
      if (!c.built.valid() ||
          c.built.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        phases.compile_ms += ms_since(start);
        return p;
      }
    }
    if (first == round.size()) return first;  // not reached: a started position is left
    candidates[round[first]].built.wait_for(std::chrono::milliseconds(1));
  }
}

// The position in `round` of the first configuration in the space's order of the first `started`
// not yet `taken` (or round.size() when none): while the outputs' reference is still to be made,
// the configuration measured next is that one, whatever the compiles' order, so that the
// reference is the same in every run and the one the user put first.
std::size_t first_in_space_order(const std::vector<std::size_t>& round,
                                 const std::vector<bool>& taken, std::size_t started) {
  std::size_t first = round.size();
  for (std::size_t p = 0; p < started; ++p)
    if (!taken[p] && (first == round.size() || round[p] < round[first])) first = p;
  return first;
}

// The first tuning of a process says, once, when the process may use fewer CPUs than the host
// has (process/usable_cpus.h): its compiles then take several times as long as the same tuning
// unbound, for a reason outside tiletune that the user can change.
void note_narrowed_cpus(const TuningTools& tools) {
  static std::atomic<bool> said{false};
  if (said.load(std::memory_order_relaxed)) return;
  const std::string note = narrowed_cpus_note(usable_cpus(), tools.pool.size());
  if (!note.empty() && !said.exchange(true)) tools.settings.logger().line(LogLevel::notice, note);
}

// A tuning ends with this when the GPU faulted: it names the configuration whose samples were
// running, as nothing else can run in this process after it. Still a DeviceFault, so that no
// caller falls back to work that needs the GPU (stored_winner.cpp).
DeviceFault fault_error(const SiteInfo& site, const Config& config, const std::string& what) {
  return DeviceFault(
      site_location(site) + ": tiletune: the GPU faulted while `" + site.kernel + "` ran with " +
      site.space.describe(config) + " (" + what +
      "): a CUDA context is unusable after such a fault (every later CUDA call in this "
      "process fails with it), so the tuning stops here. The fault is this "
      "configuration's, or that of work queued on the stream before the tuning: run the "
      "program under compute-sanitizer, or leave the configuration out of the space with "
      "'where'");
}

std::string failure_text(const std::exception& e) {
  if (const auto* compile = dynamic_cast<const CompileError*>(&e))
    return std::string(compile->what()) + "\n" + compile->log();
  return e.what();
}

// One configuration's turn on the calling thread: its arguments, its build, the limit its
// registers set, the check of its outputs, its samples. What the whole tuning shares (the tools,
// the request, the trial memory, the reference outputs, the time spent) is this object's; what
// each step works on is its parameters.
class Trials {
 public:
  Trials(const TuningTools& tools, const TuningRequest& request, const TuningOptions& options,
         const DeviceInfo& device, TrialMemory& memory, TuningResult::Phases& phases)
      : tools_(tools),
        request_(request),
        options_(options),
        device_(device),
        memory_(memory),
        phases_(phases),
        checking_(options.verify && !(options.outputs.empty() && options.restore.empty())) {}

  // Outputs are checked and no configuration has yet made the reference they are checked against.
  bool awaiting_reference() const { return checking_ && !reference_; }

  // Fills `m`: measured (unless `measuring` is false: one configuration needs no samples), or why
  // not. Returns the function it ran, or null when it failed before having one. `index` (of `m`
  // in the tuning's measurements, -1: none) lets a configuration that runs exactly like an
  // earlier measured one take that one's median instead of being measured.
  FunctionHandle run(Candidate& c, Measurement& m, double best_ms, bool measuring, int index = -1) {
    try {
      if (request_.arguments) request_.arguments(m.config);  // before any launch of it
      const Built built = build(c, m.config);
      m.registers = built.kernel->registers;
      m.build_ms = built.build_ms;
      const CostPrediction cost = predicted(built, c, m.registers);
      if (measuring && index >= 0 && cost.device_use < kLeastDeviceUseOfBest * best_use_) {
        m.not_visited = true;
        m.failure = kNotMeasured;
        return built.function;
      }
      // Per-configuration arguments make equal code run differently: no duplicates then.
      const bool same_arguments = index >= 0 && measuring && !request_.arguments;
      const std::string identity =
          same_arguments ? run_identity(*built.kernel, c.geometry, c.cluster) : std::string();
      if (same_arguments && took_earlier_median(identity, m)) return built.function;
      m.failure = disqualification(built.function, c, m);
      if (m.failure.empty()) {
        if (measuring)
          measure(built.function, c, best_ms, m);
        else
          m.ok = true;  // the only configuration: nothing to compare its time with
        if (cost.fills_every_multiprocessor) best_use_ = std::max(best_use_, cost.device_use);
        if (same_arguments) measured_.emplace(identity, Measured{index, &m});
      }
      return built.function;
    } catch (const DeviceFault& e) {
      m.failure = e.what();
      if (!fault_) fault_ = Fault{m.config, e.what()};
      return nullptr;
    } catch (const std::exception& e) {
      m.failure = failure_text(e);
      return nullptr;
    }
  }

  // Whether a configuration's turn met a fault of the GPU: nothing can run after it.
  bool faulted() const { return fault_.has_value(); }
  // Throws the first fault, naming the configuration whose turn met it (fault_error), if any.
  void stop_if_faulted() const {
    if (fault_) throw fault_error(request_.site, fault_->config, fault_->what);
  }

 private:
  // Why the cost model leaves a configuration unmeasured, as the table counts it.
  static constexpr const char* kNotMeasured =
      "not measured: the cost model predicts it keeps under a quarter of the device busy that a "
      "measured one does (blocks per multiprocessor, waves)";

  // What the cost model predicts of the build (tune/cost_model.h), its registers and static
  // shared memory read from its machine code.
  CostPrediction predicted(const Built& built, const Candidate& c, int registers) const {
    const KernelResources resources = kernel_resources(built.kernel->cubin, built.kernel->entry);
    return predict_cost(device_, c.geometry, registers, resources.static_shared, c.occupancy);
  }

  // A configuration measured in this tuning, by its run identity.
  struct Measured {
    int index;
    const Measurement* measurement;
  };

  // Whether an earlier configuration with `identity` was measured; if so `m` takes its median.
  bool took_earlier_median(const std::string& identity, Measurement& m) const {
    const auto earlier = measured_.find(identity);
    if (earlier == measured_.end()) return false;
    const Measurement& e = *earlier->second.measurement;
    m.ok = true;
    m.median_ms = e.median_ms;
    m.spread = e.spread;
    m.stopped_early = e.stopped_early;
    m.samples = 0;
    m.same_code_as = earlier->second.index;
    return true;
  }

  // The configuration's function, from the workers, or (pipeline off) compiled and loaded here.
  Built build(Candidate& c, const Config& config) {
    Clock::time_point start = Clock::now();
    if (tools_.settings.pipeline) {
      Built built = c.built.get();
      phases_.compile_ms += ms_since(start);
      return built;
    }
    const Clock::time_point built_from = build_clock_now(tools_.settings.build_clock);
    Built built;
    built.kernel = tools_.compiler.compile(
        compile_request(request_.site, config, c.geometry, device_.arch, request_.key));
    phases_.compile_ms += ms_since(start);
    start = Clock::now();
    built.function = tools_.device.load(request_.context, built.kernel->cubin, built.kernel->entry);
    phases_.load_ms += ms_since(start);
    built.build_ms = milliseconds_between(built_from, build_clock_now(tools_.settings.build_clock));
    return built;
  }

  // Why the configuration may not run or win, or "": more threads per block than its registers
  // allow, more registers than its occupancy hint leaves it, or outputs that differ from the first
  // configuration's.
  std::string disqualification(FunctionHandle function, const Candidate& c, const Measurement& m) {
    const int allowed = tools_.device.max_threads_per_block(function);
    if (std::optional<std::string> why = register_limit_violation(c.geometry, m.registers, allowed))
      return *why;
    if (std::optional<std::string> why =
            occupancy_register_violation(device_, c.geometry, m.registers, c.occupancy))
      return *why;
    return checking_ ? check_outputs(function, c, m.config) : std::string();
  }

  // The outputs of one launch over write-only outputs filled with `poison`.
  Outputs checked_launch(FunctionHandle function, const Candidate& c, unsigned char poison) {
    memory_.before_checked_launch(poison);
    copy_symbols_in(tools_.device, symbol_copies(tools_.device, request_.site, function),
                    c.geometry.stream);
    tools_.device.launch(function, c.geometry, request_.args, c.cluster);
    return memory_.read_outputs();
  }

  // "" when the outputs of one launch match the first checked configuration's (or become them),
  // else how they differ. The first one's become the reference only if it wrote every byte of
  // them: else each configuration that writes them all would differ from it.
  std::string check_outputs(FunctionHandle function, const Candidate& c, const Config& config) {
    const Clock::time_point start = Clock::now();
    Outputs outputs = checked_launch(function, c, kPoison);
    std::string failure;
    if (!reference_) {
      const std::string unwritten =
          first_unwritten(outputs, checked_launch(function, c, kOtherPoison));
      if (unwritten.empty())
        reference_.emplace(Reference{config, std::move(outputs)});
      else
        failure = "wrong result: leaves " + unwritten + " unwritten";
    } else if (std::string diff = first_difference(reference_->outputs, outputs, memory_.compared(),
                                                   options_.tolerance);
               !diff.empty()) {
      failure =
          "wrong result: " + diff + " (" + request_.site.space.describe(reference_->config) + ")";
    }
    phases_.check_ms += ms_since(start);
    return failure;
  }

  // The graph of kGraphLaunches launches that `measure = graph` replays, released at the end.
  struct TimingGraph {
    Device& device;
    GraphExecHandle exec = nullptr;
    ~TimingGraph() {
      if (exec) device.release_graph(exec);
    }
  };

  // Milliseconds of one launch: timed alone, or (`graph`) a replay of `graph` per launch.
  double time_once(FunctionHandle function, const Candidate& c, const TimingGraph& graph) {
    if (!graph.exec)
      return tools_.device.time_launch(function, c.geometry, request_.args, c.cluster);
    return tools_.device.time_graph(graph.exec, c.geometry.stream) / kGraphLaunches;
  }

  // Warm-up, then samples until the sampling rule says there are enough.
  void measure(FunctionHandle function, const Candidate& c, double best_ms, Measurement& m) {
    const Clock::time_point start = Clock::now();
    const SamplingRule& rule = tools_.settings.sampling;
    // The application's values of the shared variables before every launch, outside the timing.
    const std::vector<SymbolCopy> symbols = symbol_copies(tools_.device, request_.site, function);
    TimingGraph graph{tools_.device};
    if (options_.measure == Measure::graph)
      graph.exec = tools_.device.launch_graph(function, c.geometry, request_.args, c.cluster,
                                              kGraphLaunches);
    for (int i = 0; i < rule.warmup; ++i) {
      memory_.before_launch(false);
      copy_symbols_in(tools_.device, symbols, c.geometry.stream);
      time_once(function, c, graph);
    }
    Sampling sampling(rule, best_ms);
    for (bool enough = false; !enough;) {
      memory_.before_launch(options_.measure == Measure::cold);
      copy_symbols_in(tools_.device, symbols, c.geometry.stream);
      const double ms = time_once(function, c, graph);
      enough = sampling.add(ms);
      log_sample(m.config, sampling.count(), ms);
    }
    const SampleStats s = sampling.stats();
    m.ok = true;
    m.median_ms = s.median;
    m.spread = s.spread;
    m.samples = sampling.count();
    m.stopped_early = sampling.stopped_early();
    phases_.measure_ms += ms_since(start);
  }

  void log_sample(const Config& config, int n, double ms) const {
    const Logger log = tools_.settings.logger();
    if (!log.prints(LogLevel::sample)) return;
    char milliseconds[32];
    std::snprintf(milliseconds, sizeof milliseconds, "%.4f", ms);
    log.line(LogLevel::sample, site_location(request_.site) + " " +
                                   request_.site.space.describe(config) + " sample " +
                                   std::to_string(n) + ": " + milliseconds + " ms");
  }

  struct Reference {
    Config config;
    Outputs outputs;
  };

  const TuningTools& tools_;
  const TuningRequest& request_;
  const TuningOptions& options_;
  const DeviceInfo& device_;
  TrialMemory& memory_;
  TuningResult::Phases& phases_;
  const bool checking_;
  std::optional<Reference> reference_;  // the first checked configuration's outputs
  struct Fault {
    Config config;
    std::string what;
  };
  std::optional<Fault> fault_;  // the first a configuration's turn met
  std::map<std::string, Measured> measured_;
  // The most device use of a configuration that ran with a block on every multiprocessor.
  double best_use_ = 0;
};

// Builds still under way use the runtime and the context: the tuning does not return, or throw,
// before they are done.
struct WaitForBuilds {
  std::vector<Candidate>& candidates;
  ~WaitForBuilds() {
    for (Candidate& c : candidates)
      if (c.built.valid()) c.built.wait();
  }
};

// The configuration at `i` is the best so far (what later ones are measured against) if it ran
// and beats the best so far by more than the tolerance.
void keep_if_faster(TuningResult& result, std::size_t i, double tie_tolerance) {
  const Measurement& m = result.measurements[i];
  if (!m.ok) return;
  if (result.best < 0 ||
      m.median_ms < result.measurements[result.best].median_ms * (1 - tie_tolerance))
    result.best = static_cast<int>(i);
}

// The winner of what ran, judged by keep_if_faster's rule in the space's order: ready-first
// measuring takes builds in the order they finish, so the order they were measured in is no
// judge: the same medians give the same winner (and of configurations with the same code and
// launch, one measured and the others taking its median, the first in the space).
void judge_in_space_order(TuningResult& result, double tie_tolerance) {
  result.best = -1;
  for (std::size_t i = 0; i < result.measurements.size(); ++i)
    keep_if_faster(result, i, tie_tolerance);
}

// Enough to keep 16 workers busy while one configuration is measured.
constexpr std::size_t kBuildsAheadUnderBudget = 32;

// The site's search, TILETUNE_SEARCH and TILETUNE_BUDGET overriding it.
Search effective_search(Search search, const TuningSettings& settings) {
  if (settings.search) search.strategy = *settings.search;
  if (settings.budget_s) search.budget_s = *settings.budget_s;
  return search;
}

// The configurations the search visits, each round's builds queued then measured in order, into
// `result`; the caller's buffers as they were afterwards. The budget, the progress lines and each
// trial's end count from `start`, the tuning's start on its clock. Once the budget has run out (and
// some configuration has run), the rest are not visited. Returns the function each configuration
// ran.
std::vector<FunctionHandle> run_trials(const TuningTools& tools, const TuningRequest& request,
                                       const DeviceInfo& device, std::vector<Candidate>& candidates,
                                       TuningResult& result, Clock::time_point start) {
  const TuningSettings& settings = tools.settings;
  const auto now = [&] { return settings.clock ? settings.clock() : Clock::now(); };
  const WaitForBuilds wait{candidates};
  const TuningOptions options = with_effective_measure(request.options(), settings);
  if (candidates.size() > 1) result.measure = std::string(measure_name(options.measure));
  const Search search_options = effective_search(options.search, settings);
  TrialMemory memory(tools.device, request.context, candidates.front().geometry.stream, options,
                     device.l2_bytes);
  Trials trials(tools, request, options, device, memory, result.phases);
  std::vector<FunctionHandle> functions(candidates.size(), nullptr);
  TuningProgress progress(settings, request, candidates.size(), start);
  std::size_t visited = 0;
  const auto out_of_budget = [&] {
    if (search_options.budget_s <= 0 || result.best < 0) return false;
    return std::chrono::duration<double>(now() - start).count() >= search_options.budget_s;
  };
  // Under a budget a round's builds are queued a few at a time, so that a budget that runs out
  // leaves little compiling behind it.
  const std::size_t ahead = search_options.budget_s > 0 ? kBuildsAheadUnderBudget : SIZE_MAX;
  std::vector<std::size_t> built_ahead;  // started ahead of their round, not yet visited
  const BuildAhead build_ahead = [&](const std::vector<std::size_t>& indices) {
    if (!result.stopped.empty() || trials.faulted()) return;
    start_builds_ahead(tools, request, device.arch, candidates, indices);
    for (std::size_t i : indices)
      if (candidates[i].drop) built_ahead.push_back(i);
  };
  const VisitRound visit = [&](const std::vector<std::size_t>& visited_round,
                               const Measured& measured) {
    std::vector<std::size_t> round = ranked(device, candidates, visited_round);
    // The reference outputs come from the round's first configuration in the space's order: its
    // build goes first.
    if (trials.awaiting_reference() && !round.empty()) {
      const auto first = std::min_element(round.begin(), round.end());
      std::rotate(round.begin(), first, first + 1);
    }
    std::vector<bool> in_round(candidates.size(), false);
    for (std::size_t i : round) in_round[i] = true;
    for (std::size_t i : built_ahead)
      if (!in_round[i]) drop_ahead(candidates[i]);
    built_ahead.clear();
    std::vector<bool> taken(round.size(), false);
    std::size_t started = 0;  // positions of `round` whose builds are queued
    for (std::size_t count = 0; count < round.size(); ++count) {
      if (trials.faulted()) break;  // the tuning ends with the fault: nothing more can run
      if (count % ahead == 0 && started < round.size()) {
        const std::size_t end = std::min(round.size(), started + ahead);
        if (settings.pipeline && result.stopped.empty())
          start_candidate_builds(
              tools, request, device.arch, candidates,
              std::vector<std::size_t>(round.begin() + static_cast<long>(started),
                                       round.begin() + static_cast<long>(end)));
        started = end;
      }
      std::size_t n =
          trials.awaiting_reference() ? first_in_space_order(round, taken, started) : round.size();
      if (n == round.size())
        n = settings.pipeline ? next_to_measure(round, taken, started, candidates, result.phases)
                              : static_cast<std::size_t>(
                                    std::find(taken.begin(), taken.end(), false) - taken.begin());
      taken[n] = true;
      const std::size_t i = round[n];
      if (!result.stopped.empty() || out_of_budget()) {
        result.stopped = "budget";
        result.measurements[i].not_visited = true;
        result.measurements[i].failure = "not visited: the budget ran out";
        continue;
      }
      const double best_ms = result.best >= 0 ? result.measurements[result.best].median_ms : 0;
      functions[i] = trials.run(candidates[i], result.measurements[i], best_ms,
                                candidates.size() > 1, static_cast<int>(i));
      const Clock::time_point ended = now();  // the one reading of the clock per trial
      if (!result.measurements[i].not_visited && result.measurements[i].same_code_as < 0)
        result.measurements[i].measured_at_ms =
            std::chrono::duration<double, std::milli>(ended - start).count();
      keep_if_faster(result, i, settings.tie_tolerance);
      progress.done(++visited, ended);
      candidates[i].drop = {};
      if (measured) measured(i);
    }
    return result.stopped.empty() && !trials.faulted();
  };
  std::vector<bool> eligible(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) eligible[i] = !candidates[i].refused;
  std::optional<SearchStart> warm_start;
  if (request.warm_start) {
    const std::vector<Config>& configs = request.site.space.configurations();
    const auto at = std::find(configs.begin(), configs.end(), request.warm_start->config);
    if (at != configs.end())
      warm_start =
          SearchStart{static_cast<std::size_t>(at - configs.begin()), request.warm_start->from};
  }
  search(request.site.space, eligible, search_options, result, visit,
         warm_start ? &*warm_start : nullptr, settings.pipeline ? build_ahead : BuildAhead());
  for (std::size_t i : built_ahead) drop_ahead(candidates[i]);
  // The buffers cannot be restored in the faulted context; the fault is the error to report.
  trials.stop_if_faulted();
  judge_in_space_order(result, settings.tie_tolerance);
  memory.restore_all();
  return functions;
}

Error no_winner(const SiteInfo& site, const TuningResult& result) {
  std::string reasons;
  for (const Measurement& m : result.measurements)
    reasons += "\n  " + site.space.describe(m.config) + ": " + m.failure;
  return Error(result.site + ": tiletune: no configuration of `" + site.kernel +
               "` could run:" + reasons);
}

// The configuration of `m` screened and, unless refused, its build started (by the workers; with
// the pipeline off, Trials builds it when it runs).
Candidate single_candidate(const TuningTools& tools, const TuningRequest& request,
                           const DeviceInfo& device, Measurement& m) {
  Candidate c = screened(request, device, m);
  if (!c.refused && tools.settings.pipeline)
    c.built = std::move(start_builds(tools, request.context,
                                     {compile_request(request.site, m.config, c.geometry,
                                                      device.arch, request.key)})
                            .front());
  return c;
}

}  // namespace

// `flush_l2` follows `measure`, so that the trial memory has its flush buffer exactly when it is
// used.
TuningOptions with_effective_measure(TuningOptions options, const TuningSettings& settings) {
  if (settings.measure)
    options.measure = *settings.measure;
  else if (options.measure == Measure::eager && options.flush_l2)
    options.measure = Measure::cold;
  options.flush_l2 = options.measure == Measure::cold;
  return options;
}

std::string check_stored_winner(const TuningTools& tools, const TuningRequest& request,
                                const Config& config) {
  const TuningOptions options = request.options();
  if (!options.verify || (options.outputs.empty() && options.restore.empty())) return "";
  const DeviceInfo device = tools.device.info(request.context);
  TuningResult scratch = result_for(request);
  TrialMemory memory(tools.device, request.context, request.geometry(config).stream, options,
                     device.l2_bytes);
  Trials trials(tools, request, options, device, memory, scratch.phases);
  // Configurations in the space's order until one runs: it sets the reference outputs, as in a
  // tuning. The stored winner is the reference itself when none before it runs.
  auto check = [&](const Config& c) {
    Measurement m;
    m.config = c;
    Candidate candidate = single_candidate(tools, request, device, m);
    if (!candidate.refused) trials.run(candidate, m, 0, false);
    trials.stop_if_faulted();
    return m;
  };
  for (const Config& earlier : request.site.space.configurations())
    if (earlier == config || check(earlier).ok) break;
  const Measurement stored = check(config);
  memory.restore_all();
  return stored.ok ? "" : stored.failure;
}

TunedKernel first_runnable(const TuningTools& tools, const TuningRequest& request) {
  const Clock::time_point start = Clock::now();
  const SiteInfo& site = request.site;
  const DeviceInfo device = tools.device.info(request.context);
  TunedKernel chosen;
  TuningResult& result = chosen.result;
  result = result_for(request);
  for (const Config& config : site.space.configurations()) {
    Measurement& m = result.measurements.emplace_back();
    m.config = config;
    const Candidate c = screened(request, device, m);
    if (c.refused) continue;
    try {
      const std::shared_ptr<const CompiledKernel> kernel = tools.compiler.compile(
          compile_request(site, config, c.geometry, device.arch, request.key));
      m.registers = kernel->registers;
      const FunctionHandle function =
          tools.device.load(request.context, kernel->cubin, kernel->entry);
      if (std::optional<std::string> limit = register_limit_violation(
              c.geometry, m.registers, tools.device.max_threads_per_block(function))) {
        m.failure = *limit;
        continue;
      }
      if (std::optional<std::string> limit =
              occupancy_register_violation(device, c.geometry, m.registers, c.occupancy)) {
        m.failure = *limit;
        continue;
      }
      m.ok = true;
      result.best = static_cast<int>(result.measurements.size() - 1);
      chosen.function = function;
      chosen.cluster = c.cluster;
      break;
    } catch (const DeviceFault& e) {
      throw fault_error(site, config, e.what());
    } catch (const std::exception& e) {
      m.failure = failure_text(e);
    }
  }
  result.seconds = ms_since(start) / 1000;
  if (result.best < 0) throw no_winner(site, result);
  return chosen;
}

TunedKernel load_configuration(const TuningTools& tools, const TuningRequest& request,
                               const Config& config) {
  const Clock::time_point start = Clock::now();
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
  Measurement& m = r.measurements.emplace_back();
  m.config = config;
  m.ok = true;
  m.registers = kernel->registers;
  r.best = 0;
  r.seconds = ms_since(start) / 1000;
  return loaded;
}

TuningResult result_for(const TuningRequest& request) {
  TuningResult result;
  result.site = site_location(request.site);
  result.kernel = request.site.kernel;
  result.key = request.key;
  result.axis_names = request.site.space.axis_names();
  return result;
}

TunedKernel tune(const TuningTools& tools, const TuningRequest& request) {
  const Clock::time_point start = Clock::now();
  const TuningSettings& settings = tools.settings;
  // The tuning's start on its clock (a test's, or the steady one): the origin of the budget, the
  // progress lines and each trial's measured_at_ms.
  const Clock::time_point tuning_start = settings.clock ? settings.clock() : start;
  const SiteInfo& site = request.site;
  const std::vector<Config>& configs = site.space.configurations();
  if (configs.empty())
    throw Error(site_location(site) + ": tiletune: the space has no configurations");
  const DeviceInfo device = tools.device.info(request.context);

  if (settings.say_narrowed_cpus && !settings.disable) note_narrowed_cpus(tools);

  TunedKernel tuned;
  TuningResult& result = tuned.result;
  result = result_for(request);
  result.measurements.resize(settings.disable ? 1 : configs.size());
  for (std::size_t i = 0; i < result.measurements.size(); ++i)
    result.measurements[i].config = configs[i];

  std::vector<Candidate> candidates = screen(request, device, result.measurements);
  const std::vector<FunctionHandle> functions =
      run_trials(tools, request, device, candidates, result, tuning_start);
  result.seconds = ms_since(start) / 1000;
  if (result.best < 0) throw no_winner(site, result);
  tuned.function = functions[result.best];
  tuned.cluster = candidates[result.best].cluster;
  return tuned;
}

}  // namespace tiletune::detail
