// Tuning split across ranks (include/tiletune/all_gather.h): the process's all-gather hook, the
// winners other ranks sent, and, while tune_ahead runs one of this rank's launches on a thread, the
// decisions its first launches make, to be sent. tune_ahead itself is in tuning_split.cpp; the
// first launch (first_launch/first_launch.cpp) reads and feeds what is here.
#pragma once

#include "store/broadcast_record.h"

#include <tiletune/site_info.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

// Another rank's decision for a key, sent through tune_ahead's all-gather.
struct GatheredWinner {
  BroadcastRecord record;
  int rank = 0;  // the rank that decided it
};

// The winner another rank sent for `identity` (stored_identity of a site and key here; the device
// is not compared: the ranks of one job may hold other models), if one did.
std::optional<GatheredWinner> gathered_winner(const StoredResult& identity);

// Forgets the gathered winners of `site` (as the results file names it) for `key`, or for every
// key with nullopt: a cleared site decides again.
void forget_gathered(const std::string& site, const std::optional<Key>& key);

// While tune_ahead runs a launch on the calling thread: where its first launches put their
// decisions (decided here, alone: neither another rank's winner nor the broadcast is consulted);
// null otherwise.
std::vector<BroadcastRecord>* decisions_to_gather();

}  // namespace tiletune::detail
