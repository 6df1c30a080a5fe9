// The bytes the root rank broadcasts at a key's first launch (include/tiletune/broadcast.h): the
// root's outcome, then its result as one results-file block (results_format.h), which names the
// site, device, key, hints, space checksum and the winner by axis names:
//
//   tiletune-broadcast 1
//   outcome = measured            (or chosen: not measured there; failed: no winner)
//   failure_bytes = 0             (then that many bytes: the root's error, when failed)
//   # tiletune results: ...
//   [vadd.cu:12 vadd<$tile>]
//   ...
#pragma once

#include "store/results_format.h"

#include <string>
#include <string_view>

namespace tiletune::detail {

struct BroadcastRecord {
  enum class Outcome { measured, chosen, failed };
  Outcome outcome = Outcome::failed;
  // The root's identity; with its winner, space checksum and median unless the outcome is failed.
  StoredResult result;
  std::string failure;  // the root's error, when failed
};

std::string encode_broadcast(const BroadcastRecord& record);

// Throws tiletune::Error saying what is wrong (without a site: the caller names it) when `bytes`
// is not one record.
BroadcastRecord decode_broadcast(std::string_view bytes);

}  // namespace tiletune::detail
