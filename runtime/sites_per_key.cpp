// An opaque space's sites, one per key: built the first time a key launches, found afterwards
// without a lock (the winner table's lock-free probe).
#include "site/winner_table.h"

#include <tiletune/site.h>

#include <mutex>

namespace tiletune {
namespace {

std::vector<int> axes_of(const SiteInfo& info) {
  std::vector<int> axes;
  axes.reserve(info.dollar_names.size());
  for (const std::string& name : info.dollar_names) axes.push_back(info.space.axis_index(name));
  return axes;
}

struct Entry {
  Entry(std::uint64_t h, const Key& k, SiteInfo info, Runtime* runtime)
      : hash(h), key(k), keyed(std::move(info), runtime) {}
  std::uint64_t hash;
  Key key;
  SitesPerKey::Keyed keyed;
};

}  // namespace

SitesPerKey::Keyed::Keyed(SiteInfo info, Runtime* runtime)
    : site(std::move(info), runtime), axes(axes_of(site.info())) {}

struct SitesPerKey::State {
  Runtime* runtime;
  detail::WinnerTable<Entry> sites;
  std::mutex insert_mutex;  // one space built per key however many threads launch it first
};

SitesPerKey::SitesPerKey(Runtime* runtime) : state_(std::make_unique<State>()) {
  state_->runtime = runtime;
}

SitesPerKey::~SitesPerKey() = default;

// The table hands out const entries; the sites in them are this object's own to launch through.
SitesPerKey::Keyed* SitesPerKey::find(const Key& key) const {
  const Entry* e = state_->sites.find(key.hash(), [&](const Entry& e) { return e.key == key; });
  return e ? &const_cast<Entry*>(e)->keyed : nullptr;
}

SitesPerKey::Keyed& SitesPerKey::insert(const Key& key, const void* make_info,
                                        SiteInfo (*call)(const void* make_info)) {
  std::lock_guard lock(state_->insert_mutex);
  if (Keyed* keyed = find(key)) return *keyed;
  auto entry = std::make_unique<Entry>(key.hash(), key, call(make_info), state_->runtime);
  return const_cast<Entry*>(state_->sites.insert(std::move(entry)))->keyed;
}

}  // namespace tiletune
