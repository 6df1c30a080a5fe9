// The first launch of a key in a context: which configuration the site launches for that key from
// now on, and why (verdict.h). The decision reads top to bottom in first_launch.cpp; the site
// keeps the winners it makes, and every later launch reads them without a lock.
#pragma once

#include "compile/cache/single_flight.h"
#include "site/winner_table.h"
#include "tune/symbol_copies.h"
#include "tune/tuning_request.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune {
class Runtime;
}

namespace tiletune::detail {

// A key's winner, as every later launch of it reads it. What the warm launch reads comes first,
// in the fewest cache lines (three: to the configuration's first values), the result last.
struct alignas(64) Winner {
  std::uint64_t hash = 0;  // winner_hash(key, context)
  ContextHandle context = nullptr;
  FunctionHandle function = nullptr;
  int cluster = 0;
  // Chosen while the stream captured a CUDA graph: its launches are recorded for update_graph().
  bool provisional = false;
  std::vector<SymbolCopy> symbols;  // the site's shared variables in the winner's module
  Key key;
  Config config;
  TuningResult result;
};

// Inline, as the launch path's lookup of every launch.
inline std::uint64_t winner_hash(const Key& key, ContextHandle context) {
  return key.hash() ^ (reinterpret_cast<std::uintptr_t>(context) * 0x9e3779b97f4a7c15ull);
}

// The winner of `key` in `context` in `table`, or null.
inline const Winner* find_winner(const WinnerTable<Winner>& table, const Key& key,
                                 ContextHandle context, std::uint64_t hash) {
  return table.find(hash, [&](const Winner& w) { return w.context == context && w.key == key; });
}

class FirstLaunch {
 public:
  // Winners decided here go into `winners`, which the site's launches read.
  FirstLaunch(const SiteInfo& site, WinnerTable<Winner>& winners);

  // The winner for the request's key and context (`hash` is theirs): decided by this thread or by
  // the one that got there first, or, while the stream captures a CUDA graph, a provisional one.
  // Throws tiletune::Error when the space is invalid or no configuration can run.
  const Winner* winner(Runtime& runtime, const TuningRequest& request, std::uint64_t hash);

  // Forgets the provisional winners of `key` (of every key with nullopt).
  void forget(const std::optional<Key>& key);

 private:
  const Winner* provisional(Runtime& runtime, const TuningRequest& request, std::uint64_t hash);
  const Winner* decided_once(Runtime& runtime, const TuningRequest& request, std::uint64_t hash);
  const Winner* decide_and_keep(Runtime& runtime, const TuningRequest& request, std::uint64_t hash);

  const SiteInfo& site_;
  const std::string site_name_;  // as the results file names the site
  WinnerTable<Winner>& winners_;
  // Chosen while the stream was capturing: launched during capture only, never stored.
  WinnerTable<Winner> provisional_;
  std::mutex provisional_mutex_;  // one choice per key however many threads capture
  // Decisions under way, so that concurrent first launches of a key decide once: the others wait
  // for it. Nothing is kept once it is done: the winner is in `winners_` by then.
  SingleFlightCache<std::pair<std::uint64_t, ContextHandle>, const Winner*> deciding_;
};

}  // namespace tiletune::detail
