// One winner across the ranks of a job (include/tiletune/broadcast.h): the process's broadcast
// hook, the root's side (its winner, or its failure, broadcast) and every other rank's side
// (receive, check the identity, compile and load only the root's winner). When each side runs is
// the first launch's (first_launch/first_launch.cpp).
#pragma once

#include "store/broadcast_record.h"
#include "tune/tuning_request.h"

#include <tiletune/broadcast.h>

#include <optional>
#include <string>

namespace tiletune::detail {

// The process's broadcast, when one with a function is set.
std::optional<Broadcast> current_broadcast();

// On the root: its winner for the request, as `result` (measured or chosen) says it.
void broadcast_winner(const Broadcast& broadcast, const TuningTools& tools,
                      const TuningRequest& request, const DeviceInfo& device,
                      const TuningResult& result);

// On the root, when it found no winner: why, so that every other rank stops too.
void broadcast_failure(const Broadcast& broadcast, const TuningRequest& request,
                       const DeviceInfo& device, const std::string& failure);

// The root's winner as a rank adopts it.
struct RootWinner {
  TunedKernel kernel;    // compiled and loaded here; its one measurement has the root's median
  bool measured = true;  // measured on the root, or chosen there without measuring
  std::string device;    // the root's device where it is not this rank's, else empty
};

// On any other rank: the root's winner, received, checked against this rank's site and key, then
// compiled and loaded without measuring. Throws tiletune::Error naming the site when the bytes
// are not a record, name another site or key or space, carry the root's failure, or the winner
// does not build or load here; always after the collective has completed.
RootWinner adopt_from_root(const Broadcast& broadcast, const TuningTools& tools,
                           const TuningRequest& request, const DeviceInfo& device);

// Another rank's decision for the request (`who` names that rank in messages: "the root rank",
// "rank 2"), checked and loaded as adopt_from_root does after receiving it. Throws the same.
RootWinner adopt_record(const BroadcastRecord& record, const std::string& who,
                        const TuningTools& tools, const TuningRequest& request,
                        const DeviceInfo& device);

}  // namespace tiletune::detail
