// One winner across the ranks of a job (include/tiletune/broadcast.h): the process's broadcast
// hook, the root's side (decide, then broadcast the outcome, a failure included) and every other
// rank's side (receive, check the identity, compile and load only the root's winner).
#pragma once

#include "tune/tuning_request.h"

#include <tiletune/broadcast.h>

#include <functional>
#include <optional>

namespace tiletune::detail {

// The process's broadcast, when one with a function is set.
std::optional<Broadcast> current_broadcast();

// On the root: `decide()` (a tuning, a stored winner, or pinned mode's choice), then its outcome
// broadcast. When `decide()` throws, that failure is broadcast and its exception rethrown.
TunedKernel decide_and_broadcast(const Broadcast& broadcast, const TuningTools& tools,
                                 const TuningRequest& request, const DeviceInfo& device,
                                 const std::function<TunedKernel()>& decide);

// On any other rank: the root's winner, received, checked against this rank's site and key, then
// compiled and loaded without measuring. Throws tiletune::Error naming the site when the bytes
// are not a record, name another site or key or space, carry the root's failure, or the winner
// does not build or load here; always after the collective has completed.
TunedKernel adopt_from_root(const Broadcast& broadcast, const TuningTools& tools,
                            const TuningRequest& request, const DeviceInfo& device);

}  // namespace tiletune::detail
