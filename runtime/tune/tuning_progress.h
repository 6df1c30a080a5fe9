// A long tuning says how far it is as it goes, at TILETUNE_LOG=1 and above: "tiletune: tuning
// <site> key=(...): 12/24 configurations, 1.3 s", once it has run longer than the settings'
// `progress_after`, then at most once per `progress_every`. A tuning that ends sooner says nothing.
#pragma once

#include "tune/tuning_request.h"

#include <chrono>
#include <cstddef>

namespace tiletune::detail {

class TuningProgress {
 public:
  // For a tuning of `request` over `total` configurations that started at `start`, on the
  // settings' clock. The caller reads that clock (once per configuration, see done), so that
  // what it times by the same readings (Measurement::measured_at_ms) agrees with what is said.
  TuningProgress(const TuningSettings& settings, const TuningRequest& request, std::size_t total,
                 TuningSettings::Clock::time_point start);

  // `done` configurations of the total have had their turn, the last ending at `now`.
  void done(std::size_t done, TuningSettings::Clock::time_point now);

 private:
  const TuningSettings& settings_;
  const TuningRequest& request_;
  const std::size_t total_;
  const TuningSettings::Clock::time_point start_;
  TuningSettings::Clock::time_point last_said_;
  bool said_ = false;
};

}  // namespace tiletune::detail
