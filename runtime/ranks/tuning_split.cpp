#include "ranks/tuning_split.h"

#include "ranks/work_split.h"
#include "store/gathered_record.h"
#include "tune/stored_winner.h"

#include <tiletune/all_gather.h>
#include <tiletune/error.h>
#include <tiletune/site.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <utility>

namespace tiletune {
namespace detail {
namespace {

std::mutex& split_mutex() {
  static std::mutex m;
  return m;
}
AllGather& hook() {  // under split_mutex()
  static AllGather a;
  return a;
}
// By the identity without its device (gathered_key).
std::map<std::string, GatheredWinner>& gathered() {  // under split_mutex()
  static std::map<std::string, GatheredWinner> winners;
  return winners;
}

thread_local std::vector<BroadcastRecord>* collecting = nullptr;

std::string gathered_key(StoredResult identity) {
  identity.device.clear();
  return identity_text(identity);
}

// Runs launch `index`, collecting the decisions of the first launches it makes, and its failure
// if it throws (the decisions it made before are this rank's winners all the same: they are sent).
GatheredLaunch run_launch(const std::vector<std::function<void()>>& launches, int index) {
  GatheredLaunch out;
  out.index = index;
  std::vector<BroadcastRecord> decisions;
  collecting = &decisions;
  try {
    launches[static_cast<std::size_t>(index)]();
  } catch (const std::exception& e) {
    out.failure = *e.what() ? e.what() : "an exception with no message";
  } catch (...) {
    out.failure = "an exception that is not a std::exception";
  }
  collecting = nullptr;
  out.winners = std::move(decisions);
  return out;
}

// Every rank's record of this round, checked to be one per rank in rank order, each with this
// rank's number of launches.
std::vector<GatheredRecord> exchange(const AllGather& all_gather, const GatheredRecord& mine) {
  const std::vector<std::string> all = all_gather.bytes(encode_gathered(mine));
  if (all.size() != static_cast<std::size_t>(all_gather.size))
    throw Error("tiletune: tune_ahead: the all-gather function returned " +
                std::to_string(all.size()) + " strings for " + std::to_string(all_gather.size) +
                " ranks (one per rank, in rank order, is what it must return)");
  std::vector<GatheredRecord> records;
  for (std::size_t r = 0; r < all.size(); ++r) {
    try {
      records.push_back(decode_gathered(all[r]));
    } catch (const Error& e) {
      throw Error("tiletune: tune_ahead: rank " + std::to_string(r) + "'s bytes: " + e.what());
    }
    if (records.back().rank != static_cast<int>(r))
      throw Error("tiletune: tune_ahead: the all-gather function returned rank " +
                  std::to_string(records.back().rank) + "'s bytes in place " + std::to_string(r) +
                  " (every rank's bytes, in rank order, is what it must return)");
  }
  // Every rank sees every count, so every rank throws here alike.
  for (const GatheredRecord& record : records)
    if (record.launch_count != mine.launch_count)
      throw Error("tiletune: tune_ahead: rank " + std::to_string(record.rank) + " passed " +
                  std::to_string(record.launch_count) + " launches and rank " +
                  std::to_string(mine.rank) + " " + std::to_string(mine.launch_count) +
                  " (every rank must pass the same launches, in the same order)");
  return records;
}

// Keeps, for every key the ranks' launches met, the decision of the lowest launch that met it (a
// key two launches meet, on two ranks, is decided on both): another rank's for its first launch
// here, this rank's own where it is that one. Where this rank decided a key itself in a later
// launch and its winner differs, this rank forgets its own so that every rank launches the same.
// How many winners of other ranks it kept.
int keep_winners(const std::vector<GatheredRecord>& records, int rank) {
  struct Chosen {
    int launch;
    int rank;
    const BroadcastRecord* record;
  };
  std::map<std::string, Chosen> chosen;
  std::map<std::string, const BroadcastRecord*> own;
  for (const GatheredRecord& record : records)
    for (const GatheredLaunch& launch : record.launches)
      for (const BroadcastRecord& winner : launch.winners) {
        const std::string key = gathered_key(winner.result);
        auto [at, added] = chosen.try_emplace(key, Chosen{launch.index, record.rank, &winner});
        if (!added && launch.index < at->second.launch)
          at->second = Chosen{launch.index, record.rank, &winner};
        if (record.rank == rank) own.try_emplace(key, &winner);
      }
  int kept = 0;
  std::vector<const BroadcastRecord*> forget;
  {
    std::lock_guard lock(split_mutex());
    for (const auto& [key, pick] : chosen) {
      if (pick.rank == rank) {
        gathered().erase(key);
        continue;
      }
      gathered()[key] = GatheredWinner{*pick.record, pick.rank};
      ++kept;
      if (auto mine = own.find(key);
          mine != own.end() && !(mine->second->result.best == pick.record->result.best))
        forget.push_back(mine->second);
    }
  }
  for (const BroadcastRecord* mine : forget)
    for (Site* site : sites())
      if (results_site_name(site->info()) == mine->result.site) site->forget(mine->result.key);
  return kept;
}

}  // namespace

std::optional<GatheredWinner> gathered_winner(const StoredResult& identity) {
  std::lock_guard lock(split_mutex());
  if (gathered().empty()) return std::nullopt;
  auto it = gathered().find(gathered_key(identity));
  if (it == gathered().end()) return std::nullopt;
  return it->second;
}

void forget_gathered(const std::string& site, const std::optional<Key>& key) {
  std::lock_guard lock(split_mutex());
  std::erase_if(gathered(), [&](const auto& entry) {
    const StoredResult& r = entry.second.record.result;
    return r.site == site && (!key || r.key == *key);
  });
}

std::vector<BroadcastRecord>* decisions_to_gather() { return collecting; }

}  // namespace detail

void set_all_gather(AllGather all_gather) {
  std::lock_guard lock(detail::split_mutex());
  detail::hook() = std::move(all_gather);
}

TunedAhead tune_ahead(const std::vector<std::function<void()>>& launches) {
  using namespace detail;
  AllGather all_gather;
  {
    std::lock_guard lock(split_mutex());
    all_gather = hook();
  }
  if (!all_gather.bytes)  // one rank: this process runs everything
    all_gather =
        AllGather{0, 1, [](const std::string& mine) { return std::vector<std::string>{mine}; }};
  if (all_gather.size < 1 || all_gather.rank < 0 || all_gather.rank >= all_gather.size)
    throw Error("tiletune: tune_ahead: the all-gather's rank " + std::to_string(all_gather.rank) +
                " is not one of its " + std::to_string(all_gather.size) + " ranks");
  const int rank = all_gather.rank;
  const int count = static_cast<int>(launches.size());
  TunedAhead done;

  // Round 1: this rank's share.
  GatheredRecord mine{rank, count, {}};
  for (int index : launches_of_rank(count, rank, all_gather.size)) {
    mine.launches.push_back(run_launch(launches, index));
    done.ran_here.push_back(index);
  }
  std::vector<GatheredRecord> first = exchange(all_gather, mine);
  std::vector<GatheredRecord> every = first;  // both rounds' records, kept together at the end

  // Round 2, when any launch failed (every rank sees the same): the failed launches again, on the
  // ranks whose launches all ran.
  std::map<int, std::string> failures;  // launch -> "rank R (why)", every attempt
  std::vector<int> able;
  for (const GatheredRecord& record : first) {
    bool all_ran = true;
    for (const GatheredLaunch& launch : record.launches)
      if (!launch.failure.empty()) {
        all_ran = false;
        failures[launch.index] =
            "on rank " + std::to_string(record.rank) + " (" + launch.failure + ")";
      }
    if (all_ran) able.push_back(record.rank);
  }
  if (!failures.empty() && !able.empty()) {
    std::vector<int> failed;
    for (const auto& [index, why] : failures) failed.push_back(index);
    GatheredRecord again{rank, count, {}};
    for (int index : retries_of_rank(failed, able, rank)) {
      again.launches.push_back(run_launch(launches, index));
      done.ran_here.push_back(index);
    }
    const std::vector<GatheredRecord> second = exchange(all_gather, again);
    every.insert(every.end(), second.begin(), second.end());
    for (const GatheredRecord& record : second)
      for (const GatheredLaunch& launch : record.launches) {
        if (launch.failure.empty())
          failures.erase(launch.index);
        else
          failures[launch.index] +=
              " and on rank " + std::to_string(record.rank) + " (" + launch.failure + ")";
      }
  } else if (!failures.empty()) {
    for (auto& [index, why] : failures) why += ", and no rank ran all of its launches to retry it";
  }
  done.received = keep_winners(every, rank);
  if (!failures.empty()) {
    std::string message = "tiletune: tune_ahead: ";
    const char* separator = "";
    for (const auto& [index, why] : failures) {
      message += separator + ("launch " + std::to_string(index)) + " failed " + why;
      separator = "; ";
    }
    throw Error(message + " (every other launch's winners are kept)");
  }
  return done;
}

}  // namespace tiletune
