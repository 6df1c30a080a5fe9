#include "result_table.h"
#include "runtime.h"
#include "tuner.h"

#include <tiletune/site.h>

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

}  // namespace

struct Site::State {
  State(SiteInfo i, Runtime* r) : info(std::move(i)), runtime(r) {}

  SiteInfo info;
  Runtime* runtime;
  detail::ResultTable<Winner> winners;

  // Tunings under way, so that concurrent first launches of one key tune once.
  std::mutex tuning_mutex;
  std::map<std::pair<std::uint64_t, detail::ContextHandle>, std::shared_future<const Winner*>>
      tuning;

  Runtime& rt() { return runtime ? *runtime : Runtime::global(); }

  const Winner* find(const Key& key, detail::ContextHandle context, std::uint64_t hash) const {
    return winners.find(hash, [&](const Winner& w) { return w.context == context && w.key == key; });
  }

  const Winner* tune_once(const Key& key, detail::ContextHandle context, std::uint64_t hash,
                          GeometryRef geometry, void** args) {
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
    if (pending.valid()) return pending.get();

    try {
      detail::TunedKernel tuned = detail::tune(rt(), info, key, context, geometry, args);
      auto winner = std::make_unique<Winner>();
      winner->hash = hash;
      winner->key = key;
      winner->context = context;
      winner->function = tuned.function;
      winner->config = tuned.result.best_config();
      winner->cluster = tuned.cluster;
      winner->result = std::move(tuned.result);
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

void Site::launch(const Key& key, GeometryRef geometry, void** args) {
  Runtime& rt = state_->rt();
  detail::Device& device = rt.device();
  detail::ContextHandle context = device.current_context();
  const std::uint64_t hash = winner_hash(key, context);
  const Winner* w = state_->find(key, context, hash);
  if (!w) w = state_->tune_once(key, context, hash, geometry, args);
  device.launch(w->function, geometry(w->config), args, w->cluster);
}

std::optional<TuningResult> Site::result(const Key& key) const {
  detail::ContextHandle context = state_->rt().device().current_context();
  if (const Winner* w = state_->find(key, context, winner_hash(key, context))) return w->result;
  return std::nullopt;
}

}  // namespace tiletune
