// The site: the launch path, and the first launch of a key, which tunes (or loads the stored
// winner) once however many threads ask.
#include "compile/cache/single_flight.h"
#include "ranks/rank_agreement.h"
#include "runtime.h"
#include "site/space_checks.h"
#include "site/winner_table.h"
#include "store/tuning_lock.h"
#include "text/site_text.h"
#include "tune/site_variant.h"
#include "tune/stored_winner.h"
#include "tune/symbol_copies.h"
#include "tune/tuner.h"
#include "tuning_history.h"

#include <tiletune/site.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <utility>

namespace tiletune {
namespace {

struct Winner {
  std::uint64_t hash = 0;
  Key key;
  detail::ContextHandle context = nullptr;
  detail::FunctionHandle function = nullptr;
  Config config;
  int cluster = 0;
  TuningResult result;
  std::vector<detail::SymbolCopy> symbols;  // the site's shared variables in the winner's module
};

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}
std::vector<Site*>& registry() {
  static std::vector<Site*> sites;
  return sites;
}

std::uint64_t winner_hash(const Key& key, detail::ContextHandle context) {
  return key.hash() ^ (reinterpret_cast<std::uintptr_t>(context) * 0x9e3779b97f4a7c15ull);
}

}  // namespace

struct Site::State {
  State(SiteInfo i, Runtime* r)
      : info(std::move(i)), runtime(r), results_name(detail::results_site_name(info)) {}

  SiteInfo info;
  Runtime* runtime;
  std::string results_name;  // the site as the results file names it
  detail::WinnerTable<Winner> winners;
  // Chosen without launching while the stream was capturing a CUDA graph: launched during capture
  // only, never stored; the first launch outside capture tunes as usual.
  detail::WinnerTable<Winner> captured;
  std::mutex capture_mutex;  // one choice per key however many threads capture
  // Tunings under way, so that concurrent first launches of one key tune once: the others wait
  // for it. Nothing is kept once it is done: the winner is in `winners` by then.
  detail::SingleFlightCache<std::pair<std::uint64_t, detail::ContextHandle>, const Winner*> tunings;

  Runtime& rt() const { return runtime ? *runtime : Runtime::global(); }

  const Winner* find(const Key& key, detail::ContextHandle context, std::uint64_t hash) const {
    return find_in(winners, key, context, hash);
  }
  static const Winner* find_in(const detail::WinnerTable<Winner>& table, const Key& key,
                               detail::ContextHandle context, std::uint64_t hash) {
    return table.find(hash, [&](const Winner& w) { return w.context == context && w.key == key; });
  }

  // The winner for the request's key and context, tuned by this thread or by the one that got
  // there first (then recorded again as a cache hit).
  const Winner* tune_once(const detail::TuningRequest& request, std::uint64_t hash) {
    const auto wait_start = std::chrono::steady_clock::now();
    bool ran = false;
    const Winner* w = tunings.get(
        {hash, request.context},
        [&] {
          const Winner* found = find(request.key, request.context, hash);
          return found ? found : tune_and_keep(request, hash);
        },
        [](const Winner*) { return false; }, &ran);
    if (!ran) {
      TuningResult hit = w->result;
      hit.cache_hit = true;
      hit.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wait_start).count();
      detail::record_tuning(hit);
    }
    return w;
  }

  // The first launch of a key: tuned once, or, while the stream is capturing, a configuration
  // chosen without launching anything but the captured launch itself.
  const Winner* first_launch(const detail::TuningRequest& request, std::uint64_t hash) {
    // Before any of the site's code runs (the geometry below): it may assume a valid space.
    detail::check_site_space(info);
    const std::vector<Config>& configs = info.space.configurations();
    if (!configs.empty() && rt().device().capturing(request.geometry(configs.front()).stream))
      return during_capture(request, hash);
    return tune_once(request, hash);
  }

  const Winner* during_capture(const detail::TuningRequest& request, std::uint64_t hash) {
    std::lock_guard lock(capture_mutex);
    if (const Winner* w = find_in(captured, request.key, request.context, hash)) return w;
    Runtime& r = rt();
    detail::TunedKernel chosen =
        detail::first_runnable(r.tuning_tools(), request, "the stream was capturing a CUDA graph");
    if (r.options().log)
      std::fprintf(r.options().log,
                   "tiletune: %s: the stream is capturing a CUDA graph: %s (the first "
                   "configuration that builds) is captured untuned; the site tunes at its next "
                   "launch outside capture\n",
                   results_name.c_str(), info.space.describe(chosen.result.best_config()).c_str());
    return captured.insert(make_winner(std::move(chosen), request, hash));
  }

  std::unique_ptr<Winner> make_winner(detail::TunedKernel tuned,
                                      const detail::TuningRequest& request, std::uint64_t hash) {
    auto winner = std::make_unique<Winner>();
    winner->symbols = detail::symbol_copies(rt().device(), info, tuned.function);
    winner->hash = hash;
    winner->key = request.key;
    winner->context = request.context;
    winner->function = tuned.function;
    winner->config = tuned.result.best_config();
    winner->cluster = tuned.cluster;
    winner->result = std::move(tuned.result);
    return winner;
  }

  const Winner* tune_and_keep(const detail::TuningRequest& request, std::uint64_t hash) {
    std::unique_ptr<Winner> winner = make_winner(agree_across_ranks(request), request, hash);
    detail::record_tuning(winner->result);
    return winners.insert(std::move(winner));
  }

  // With a broadcast hook (include/tiletune/broadcast.h), the root rank's winner on every rank:
  // the root decides as below and broadcasts; the others adopt without measuring. Without, this
  // process's own.
  detail::TunedKernel agree_across_ranks(const detail::TuningRequest& request) {
    std::optional<Broadcast> broadcast = detail::current_broadcast();
    if (!broadcast) return tune_or_load(request);
    Runtime& r = rt();
    const detail::DeviceInfo device = r.device().info(request.context);
    if (!broadcast->is_root)
      return detail::adopt_from_root(*broadcast, r.tuning_tools(), request, device);
    return detail::decide_and_broadcast(*broadcast, r.tuning_tools(), request, device,
                                        [&] { return tune_or_load(request); });
  }

  // The stored winner when the results file has one that fits, else a tuning, stored.
  detail::TunedKernel tune_or_load(const detail::TuningRequest& request) {
    Runtime& r = rt();
    const detail::TuningTools tools = r.tuning_tools();
    const detail::DeviceInfo device = r.device().info(request.context);
    if (!r.options().disable)
      if (std::optional<detail::TunedKernel> stored =
              detail::load_stored_winner(tools, request, r.results(), device))
        return std::move(*stored);
    // Processes sharing the results file tune each key once: the first holds the lock, the others
    // wait for it and then find its winner in the file.
    std::optional<detail::TuningLock> lock;
    if (!r.options().disable && !r.options().pinned && !r.results().path().empty()) {
      lock.emplace(r.results().path(), detail::stored_identity(info, request.key, device),
                   r.options().tuning_lock_timeout, r.options().log);
      r.results().reload();
      if (std::optional<detail::TunedKernel> stored =
              detail::load_stored_winner(tools, request, r.results(), device))
        return std::move(*stored);
    }
    if (r.options().pinned) {
      // Every process of a job must launch the same code: no measuring, ever.
      detail::TunedKernel chosen =
          detail::first_runnable(tools, request, "TILETUNE_MODE=pinned and no stored winner");
      if (r.options().log)
        std::fprintf(r.options().log,
                     "tiletune: %s: TILETUNE_MODE=pinned and no stored winner in %s: using %s, "
                     "the first configuration that builds\n",
                     results_name.c_str(), r.results().path().c_str(),
                     info.space.describe(chosen.result.best_config()).c_str());
      return chosen;
    }
    detail::TunedKernel tuned = detail::tune(tools, request);
    if (tuned.result.tuned)
      r.results().store(detail::stored_winner(info, request.key, device, tuned.result,
                                              detail::current_versions(tools, device)));
    return tuned;
  }

  void clear(const std::optional<Key>& key) {
    winners.erase_if([&](const Winner& w) { return !key || w.key == *key; });
    captured.erase_if([&](const Winner& w) { return !key || w.key == *key; });
    rt().results().erase([&](const detail::StoredResult& r) {
      return r.site == results_name && (!key || r.key == *key);
    });
  }
};

Site::Site(SiteInfo info, Runtime* runtime)
    : state_(std::make_unique<State>(std::move(info), runtime)) {
  std::lock_guard lock(registry_mutex());
  registry().push_back(this);
}

Site::~Site() {
  std::lock_guard lock(registry_mutex());
  std::erase(registry(), this);
}

std::vector<Site*> sites() {
  std::lock_guard lock(registry_mutex());
  return registry();
}

const SiteInfo& Site::info() const { return state_->info; }

namespace {

// A launch value of the annotation's geometry that cannot launch, said with where the annotation
// is and for which key: the geometry's code knows neither.
[[noreturn]] void launch_value_error(const SiteInfo& info, const Key& key,
                                     const LaunchValueError& e) {
  throw Error(detail::site_location(info) + ": tiletune: the launch geometry of " + info.kernel +
              " for key (" + detail::key_values(key, ", ") + "): " + e.what() +
              "; nothing was launched");
}

}  // namespace

// The fast path: no allocation, no lock, no string work once the key has a winner.
void Site::launch(const Key& key, GeometryRef geometry, void** args,
                  TuningOptionsRef tuning_options, ArgumentsRef arguments) try {
  Runtime& rt = state_->rt();
  detail::Device& device = rt.device();
  detail::ContextHandle context = device.current_context();
  const std::uint64_t hash = winner_hash(key, context);
  const Winner* w = state_->find(key, context, hash);
  if (!w) [[unlikely]]
    w = state_->first_launch(
        {state_->info, key, context, geometry, args, tuning_options, arguments}, hash);
  if (arguments) arguments(w->config);
  const Geometry g = geometry(w->config);
  if (!w->symbols.empty()) [[unlikely]]
    detail::copy_symbols_in(device, w->symbols, g.stream);
  device.launch(w->function, g, args, w->cluster);
  if (!w->symbols.empty()) [[unlikely]]
    detail::copy_symbols_back(device, w->symbols, g.stream);
} catch (const LaunchValueError& e) {
  launch_value_error(state_->info, key, e);
}

std::optional<TuningResult> Site::result(const Key& key) const {
  detail::ContextHandle context = state_->rt().device().current_context();
  if (const Winner* w = state_->find(key, context, winner_hash(key, context))) return w->result;
  return std::nullopt;
}

void Site::clear(const Key& key) { state_->clear(key); }
void Site::clear() { state_->clear(std::nullopt); }

void clear_results() {
  for (Site* site : sites()) site->clear();
}

}  // namespace tiletune
