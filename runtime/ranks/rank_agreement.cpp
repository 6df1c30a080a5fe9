#include "ranks/rank_agreement.h"

#include "hash/content_hash.h"
#include "store/broadcast_record.h"
#include "text/site_text.h"
#include "tune/site_variant.h"
#include "tune/stored_winner.h"
#include "tune/tuner.h"

#include <tiletune/error.h>

#include <mutex>
#include <utility>

namespace tiletune {
namespace {

std::mutex& hook_mutex() {
  static std::mutex m;
  return m;
}
Broadcast& hook() {
  static Broadcast b;
  return b;
}

}  // namespace

void set_broadcast(Broadcast broadcast) {
  std::lock_guard lock(hook_mutex());
  hook() = std::move(broadcast);
}

namespace detail {
namespace {

using Outcome = BroadcastRecord::Outcome;

std::string key_text(const Key& key) { return "(" + key_values(key) + ")"; }

// Why the root's record cannot be this rank's first launch of `mine`, or "" when it can: the ranks
// reached their first launches in different orders, or run different builds.
std::string identity_mismatch(const StoredResult& root, const StoredResult& mine,
                              const std::string& who) {
  if (root.site != mine.site || !(root.key == mine.key))
    return who + " broadcast the first launch of " + root.site + " key=" + key_text(root.key) +
           " while this rank is at " + mine.site + " key=" + key_text(mine.key) +
           " (every rank must reach the first launch of each key in the same order)";
  if (root.hints.occupancy != mine.hints.occupancy || root.hints.num_ctas != mine.hints.num_ctas)
    return who + "'s static hints (" + hints_text(root.hints) + ") differ from this rank's (" +
           hints_text(mine.hints) + ")";
  return "";
}

}  // namespace

std::optional<Broadcast> current_broadcast() {
  std::lock_guard lock(hook_mutex());
  if (!hook().bytes) return std::nullopt;
  return hook();
}

void broadcast_winner(const Broadcast& broadcast, const TuningTools& tools,
                      const TuningRequest& request, const DeviceInfo& device,
                      const TuningResult& result) {
  BroadcastRecord record;
  record.outcome = result.tuned ? Outcome::measured : Outcome::chosen;
  record.result =
      stored_winner(request.site, request.key, device, result, current_versions(tools, device));
  std::string bytes = encode_broadcast(record);
  broadcast.bytes(bytes);
}

void broadcast_failure(const Broadcast& broadcast, const TuningRequest& request,
                       const DeviceInfo& device, const std::string& failure) {
  BroadcastRecord record;
  record.outcome = Outcome::failed;
  record.result = stored_identity(request.site, request.key, device);
  record.failure = failure;
  std::string bytes = encode_broadcast(record);
  broadcast.bytes(bytes);
}

RootWinner adopt_record(const BroadcastRecord& record, const std::string& who,
                        const TuningTools& tools, const TuningRequest& request,
                        const DeviceInfo& device) {
  const SiteInfo& site = request.site;
  const std::string where = site_location(site) + ": tiletune: ";
  const StoredResult mine = stored_identity(site, request.key, device);
  if (std::string why = identity_mismatch(record.result, mine, who); !why.empty())
    throw Error(where + why);
  if (record.outcome == Outcome::failed)
    throw Error(where + who + " found no winner for " + mine.site + " key=" + key_text(mine.key) +
                ": " + record.failure);
  const StoredResult& root = record.result;
  if (!fits_space(root, site.space))
    throw Error(where + who + "'s winner is for another space (checksum " +
                hex64(root.space_checksum) + " against this rank's " +
                hex64(site.space.checksum()) + "): do all ranks run the same build?");
  RootWinner adopted;
  try {
    adopted.kernel = load_configuration(tools, request, root.best);
  } catch (const std::exception& e) {
    throw Error(where + who + "'s winner " + site.space.describe(root.best) +
                " does not build on this rank: " + e.what());
  }
  adopted.kernel.result.measurements.front().median_ms = root.median_ms;
  adopted.measured = record.outcome == Outcome::measured;
  if (root.device != mine.device) adopted.device = root.device;
  return adopted;
}

RootWinner adopt_from_root(const Broadcast& broadcast, const TuningTools& tools,
                           const TuningRequest& request, const DeviceInfo& device) {
  std::string bytes;
  broadcast.bytes(bytes);
  BroadcastRecord record;
  try {
    record = decode_broadcast(bytes);
  } catch (const Error& e) {
    throw Error(site_location(request.site) + ": tiletune: " + e.what());
  }
  return adopt_record(record, "the root rank", tools, request, device);
}

}  // namespace detail
}  // namespace tiletune
