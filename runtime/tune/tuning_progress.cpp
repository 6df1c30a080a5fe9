#include "tune/tuning_progress.h"

#include "text/site_text.h"
#include "tune/site_variant.h"

#include <cstdio>
#include <string>

namespace tiletune::detail {

TuningProgress::TuningProgress(const TuningSettings& settings, const TuningRequest& request,
                               std::size_t total)
    : settings_(settings), request_(request), total_(total), start_(now()) {}

TuningSettings::Clock::time_point TuningProgress::now() const {
  return settings_.clock ? settings_.clock() : TuningSettings::Clock::now();
}

void TuningProgress::done(std::size_t done) {
  if (settings_.log_level < 1 || !settings_.log || done >= total_) return;
  const auto t = now();
  if (t - start_ < settings_.progress_after) return;
  if (said_ && t - last_said_ < settings_.progress_every) return;
  said_ = true;
  last_said_ = t;
  const std::string key = key_values(request_.key);
  std::fprintf(settings_.log, "tiletune: tuning %s %s key=(%s): %zu/%zu configurations, %.1f s\n",
               site_location(request_.site).c_str(), request_.site.kernel, key.c_str(), done,
               total_, std::chrono::duration<double>(t - start_).count());
}

}  // namespace tiletune::detail
