// The site: the launch path, which finds the key's winner without a lock, and, the first time a key
// launches, the first launch (first_launch/first_launch.h), which decides it once however many
// threads ask.
#include "first_launch/first_launch.h"
#include "graphs/captured_launches.h"
#include "ranks/tuning_split.h"
#include "runtime.h"
#include "site/winner_table.h"
#include "text/site_text.h"
#include "tune/site_variant.h"
#include "tune/stored_winner.h"
#include "tune/symbol_copies.h"

#include <tiletune/graphs.h>
#include <tiletune/site.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>

namespace tiletune {
namespace {

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}
std::vector<Site*>& registry() {
  static std::vector<Site*> sites;
  return sites;
}

// How many TuneAhead scopes the calling thread is in: while any, launches decide and run nothing.
thread_local int tune_ahead_scopes = 0;
// How many threads are in one now. The warm path reads this first, a plain load of a global, and
// the thread-local count (a call into the C library where libtiletune is a shared library) only
// while some thread is in a scope: a thread sees its own increment, so it never misses its own.
std::atomic<int> threads_in_tune_ahead{0};

bool in_tune_ahead() {
  return threads_in_tune_ahead.load(std::memory_order_relaxed) != 0 && tune_ahead_scopes != 0;
}

}  // namespace

struct Site::State {
  State(SiteInfo i, Runtime* r) : info(std::move(i)), runtime(r), first_launch(info, winners) {}

  SiteInfo info;
  Runtime* runtime;
  detail::WinnerTable<detail::Winner> winners;
  detail::FirstLaunch first_launch;  // decides the winners of new keys

  Runtime& rt() const { return runtime ? *runtime : Runtime::global(); }

  const detail::Winner* find(const Key& key, detail::ContextHandle context,
                             std::uint64_t hash) const {
    return detail::find_winner(winners, key, context, hash);
  }

  // A launch that is not the warm path (Site::launch): `w` is the key's winner, null before the
  // first launch has decided one. A launch with arguments per configuration or shared variables
  // comes here every time: no allocation, no lock and no string work here either once the key has
  // its winner.
  void launch_with_care(Runtime& rt, const Key& key, detail::ContextHandle context,
                        std::uint64_t hash, const detail::Winner* w, GeometryRef geometry,
                        void** args, TuningOptionsRef tuning_options, ArgumentsRef arguments);

  void clear(const std::optional<Key>& key) {
    winners.erase_if([&](const detail::Winner& w) { return !key || w.key == *key; });
    first_launch.forget(key);
    const std::string results_name = detail::results_site_name(info);
    detail::forget_gathered(results_name, key);
    rt().results().erase([&](const detail::StoredResult& r) {
      return r.site == results_name && (!key || r.key == *key);
    });
  }
};

Site::Site(SiteInfo info, Runtime* runtime)
    : state_(std::make_unique<State>(std::move(info), runtime)) {
  Runtime::start_compiles_ahead(runtime, state_->info);
  std::lock_guard lock(registry_mutex());
  registry().push_back(this);
}

Site::~Site() {
  detail::forget_captured_launches(state_.get());
  std::lock_guard lock(registry_mutex());
  std::erase(registry(), this);
}

TuneAhead::TuneAhead() {
  if (tune_ahead_scopes++ == 0) threads_in_tune_ahead.fetch_add(1, std::memory_order_relaxed);
}
TuneAhead::~TuneAhead() {
  if (--tune_ahead_scopes == 0) threads_in_tune_ahead.fetch_sub(1, std::memory_order_relaxed);
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

[[gnu::noinline]] void Site::State::launch_with_care(Runtime& rt, const Key& key,
                                                     detail::ContextHandle context,
                                                     std::uint64_t hash, const detail::Winner* w,
                                                     GeometryRef geometry, void** args,
                                                     TuningOptionsRef tuning_options,
                                                     ArgumentsRef arguments) {
  detail::Device& device = rt.device();
  if (!w)
    w = first_launch.winner(rt, {info, key, context, geometry, args, tuning_options, arguments},
                            hash);
  if (in_tune_ahead()) return;
  if (arguments) arguments(w->config);
  const Geometry g = geometry(w->config);
  if (!w->symbols.empty()) detail::copy_symbols_in(device, w->symbols, g.stream);
  device.launch(w->function, g, args, w->cluster);
  if (w->provisional)
    detail::record_captured_launch(device, rt.options().logger(), this, info, winners, *w, geometry,
                                   static_cast<bool>(arguments), g.stream);
  if (!w->symbols.empty()) detail::copy_symbols_back(device, w->symbols, g.stream);
}

// The warm path: a key with its winner, found without a lock, launched with nothing around it. It
// is most launches, so it is kept short; whatever else a launch may need (deciding a key's first
// winner, a provisional one while a graph captures, a TuneAhead scope, arguments per
// configuration, the site's shared variables copied around the launch) is the careful path, out
// of line.
void Site::launch(const Key& key, GeometryRef geometry, void** args,
                  TuningOptionsRef tuning_options, ArgumentsRef arguments) try {
  Runtime& rt = state_->rt();
  detail::Device& device = rt.device();
  const detail::ContextHandle context = device.current_context();
  const std::uint64_t hash = detail::winner_hash(key, context);
  const detail::Winner* w = state_->find(key, context, hash);
  if (w && w->symbols.empty() && !arguments && !in_tune_ahead()) [[likely]] {
    device.launch(w->function, geometry(w->config), args, w->cluster);
    return;
  }
  state_->launch_with_care(rt, key, context, hash, w, geometry, args, tuning_options, arguments);
} catch (const LaunchValueError& e) {
  launch_value_error(state_->info, key, e);
}

std::optional<TuningResult> Site::result(const Key& key) const {
  detail::ContextHandle context = state_->rt().device().current_context();
  if (const detail::Winner* w = state_->find(key, context, detail::winner_hash(key, context)))
    return w->result;
  return std::nullopt;
}

void Site::clear(const Key& key) { state_->clear(key); }
void Site::forget(const Key& key) {
  state_->winners.erase_if([&](const detail::Winner& w) { return w.key == key; });
  state_->first_launch.forget(key);
}
void Site::clear() { state_->clear(std::nullopt); }

void clear_results() {
  for (Site* site : sites()) site->clear();
}

}  // namespace tiletune
