// A rank's bytes in tune_ahead's all-gather (include/tiletune/all_gather.h): the rank, then each
// launch it ran with its failure or the winners of the keys it met, each winner one broadcast
// record (broadcast_record.h), every variable-length part preceded by its size:
//
//   tiletune-gathered 1
//   rank = 2
//   launch_count = 16             (how many launches this rank passed to tune_ahead)
//   launches = 1
//   launch = 6
//   failure_bytes = 0             (then that many bytes: why the launch failed)
//   winners = 1
//   winner_bytes = 812            (then that many bytes: one broadcast record)
#pragma once

#include "store/broadcast_record.h"

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct GatheredLaunch {
  int index = 0;                         // in tune_ahead's launches
  std::string failure;                   // why it failed; "" when it ran
  std::vector<BroadcastRecord> winners;  // the first launches it made, decided (before it failed)
};

struct GatheredRecord {
  int rank = 0;
  int launch_count = 0;  // tune_ahead's launches on this rank: the same on every rank
  std::vector<GatheredLaunch> launches;
};

std::string encode_gathered(const GatheredRecord& record);

// Throws tiletune::Error saying what is wrong when `bytes` is not one record.
GatheredRecord decode_gathered(std::string_view bytes);

}  // namespace tiletune::detail
