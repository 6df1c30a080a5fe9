#include "runtime.h"
#include "space_checks.h"
#include "store/results_file.h"
#include "tune/tuner.h"
#include "winner_table.h"

#include <tiletune/site.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <map>
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

// A site as the results file names it: the file's base name (so the file stays valid where the
// sources live elsewhere), the line and the kernel.
std::string results_identity(const SiteInfo& info) {
  std::string file = info.file;
  std::size_t slash = file.find_last_of('/');
  if (slash != std::string::npos) file = file.substr(slash + 1);
  return file + ":" + std::to_string(info.line) + " " + info.name_expression;
}

bool space_holds(const Space& space, const Config& config) {
  const std::vector<Config>& configs = space.configurations();
  return std::find(configs.begin(), configs.end(), config) != configs.end();
}

}  // namespace

struct Site::State {
  State(SiteInfo i, Runtime* r)
      : info(std::move(i)), runtime(r), identity(results_identity(info)) {}

  SiteInfo info;
  Runtime* runtime;
  std::string identity;
  detail::WinnerTable<Winner> winners;

  // Tunings under way, so that concurrent first launches of one key tune once.
  std::mutex tuning_mutex;
  std::map<std::pair<std::uint64_t, detail::ContextHandle>, std::shared_future<const Winner*>>
      tuning;

  Runtime& rt() const { return runtime ? *runtime : Runtime::global(); }

  const Winner* find(const Key& key, detail::ContextHandle context, std::uint64_t hash) const {
    return winners.find(hash,
                        [&](const Winner& w) { return w.context == context && w.key == key; });
  }

  // The winner stored in the results file for this key and device, compiled and loaded; nullopt
  // when there is none that fits the space as it is now.
  std::optional<detail::TunedKernel> from_file(const Key& key, detail::ContextHandle context,
                                               const detail::DeviceInfo& device,
                                               GeometryRef geometry) {
    Runtime& r = rt();
    const RuntimeOptions& o = r.options();
    std::optional<detail::StoredResult> stored = r.results().find(stored_identity(key, device));
    if (!stored) return std::nullopt;
    if (stored->space_checksum != info.space.checksum() ||
        stored->axis_names != info.space.axis_names() || !space_holds(info.space, stored->best)) {
      if (o.log_level >= 1 && o.log)
        std::fprintf(o.log,
                     "tiletune: %s: the stored result in %s is for another space (checksum "
                     "differs): tuning again\n",
                     identity.c_str(), r.results().path().c_str());
      return std::nullopt;
    }
    try {
      detail::TunedKernel loaded =
          detail::load_configuration(r, info, key, context, geometry, stored->best);
      loaded.result.measurements.front().median_ms = stored->median_ms;
      if (o.log_level >= 1 && o.log)
        std::fprintf(o.log, "tiletune: %s: %s from %s\n", identity.c_str(),
                     info.space.describe(stored->best).c_str(), r.results().path().c_str());
      return loaded;
    } catch (const std::exception& e) {
      if (o.log)
        std::fprintf(o.log,
                     "tiletune: %s: the stored winner could not be loaded (%s): tuning again\n",
                     identity.c_str(), e.what());
      return std::nullopt;
    }
  }

  detail::StoredResult stored_identity(const Key& key, const detail::DeviceInfo& device) const {
    detail::StoredResult r;
    r.site = identity;
    r.device = device.id;
    r.key = key;
    r.hints = info.hints;
    return r;
  }

  const Winner* tune_once(const Key& key, detail::ContextHandle context, std::uint64_t hash,
                          GeometryRef geometry, void** args, TuningOptionsRef options,
                          ArgumentsRef arguments) {
    auto wait_start = std::chrono::steady_clock::now();
    std::promise<const Winner*> promise;
    std::shared_future<const Winner*> pending;
    {
      std::lock_guard lock(tuning_mutex);
      if (const Winner* w = find(key, context, hash)) return w;
      auto [it, first] = tuning.try_emplace({hash, context});
      if (!first) {
        pending = it->second;
      } else {
        it->second = promise.get_future().share();
      }
    }
    if (pending.valid()) {
      const Winner* w = pending.get();
      TuningResult hit = w->result;
      hit.cache_hit = true;
      hit.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wait_start).count();
      detail::record_tuning(hit);
      return w;
    }

    try {
      detail::check_site_space(info);
      Runtime& r = rt();
      const detail::DeviceInfo device = r.device().info(context);
      std::optional<detail::TunedKernel> tuned;
      if (!r.options().disable) tuned = from_file(key, context, device, geometry);
      if (!tuned) {
        tuned = detail::tune(r, info, key, context, geometry, args, options(), arguments);
        if (tuned->result.tuned) {
          detail::StoredResult stored = stored_identity(key, device);
          stored.space_checksum = info.space.checksum();
          stored.axis_names = info.space.axis_names();
          stored.best = tuned->result.best_config();
          stored.median_ms = tuned->result.measurements[tuned->result.best].median_ms;
          r.results().store(stored);
        }
      }
      auto winner = std::make_unique<Winner>();
      winner->hash = hash;
      winner->key = key;
      winner->context = context;
      winner->function = tuned->function;
      winner->config = tuned->result.best_config();
      winner->cluster = tuned->cluster;
      winner->result = std::move(tuned->result);
      detail::record_tuning(winner->result);
      const Winner* w = winners.insert(std::move(winner));
      promise.set_value(w);
      std::lock_guard lock(tuning_mutex);
      tuning.erase({hash, context});
      return w;
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::lock_guard lock(tuning_mutex);
      tuning.erase({hash, context});
      throw;
    }
  }

  void clear(const std::optional<Key>& key) {
    winners.erase_if([&](const Winner& w) { return !key || w.key == *key; });
    rt().results().erase([&](const detail::StoredResult& r) {
      return r.site == identity && (!key || r.key == *key);
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

// The fast path: no allocation, no lock, no string work once the key has a winner.
void Site::launch(const Key& key, GeometryRef geometry, void** args,
                  TuningOptionsRef tuning_options, ArgumentsRef arguments) {
  Runtime& rt = state_->rt();
  detail::Device& device = rt.device();
  detail::ContextHandle context = device.current_context();
  const std::uint64_t hash = winner_hash(key, context);
  const Winner* w = state_->find(key, context, hash);
  if (!w) [[unlikely]]
    w = state_->tune_once(key, context, hash, geometry, args, tuning_options, arguments);
  if (arguments) arguments(w->config);
  device.launch(w->function, geometry(w->config), args, w->cluster);
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
