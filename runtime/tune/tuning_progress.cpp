#include "tune/tuning_progress.h"

#include "text/site_text.h"
#include "tune/site_variant.h"

#include <cstdio>
#include <string>

namespace tiletune::detail {

TuningProgress::TuningProgress(const TuningSettings& settings, const TuningRequest& request,
                               std::size_t total, TuningSettings::Clock::time_point start)
    : settings_(settings), request_(request), total_(total), start_(start) {}

void TuningProgress::done(std::size_t done, TuningSettings::Clock::time_point t) {
  const Logger log = settings_.logger();
  if (!log.prints(LogLevel::detail) || done >= total_) return;
  if (t - start_ < settings_.progress_after) return;
  if (said_ && t - last_said_ < settings_.progress_every) return;
  said_ = true;
  last_said_ = t;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", std::chrono::duration<double>(t - start_).count());
  log.line(LogLevel::detail, "tuning " + site_location(request_.site) + " " + request_.site.kernel +
                                 " key=(" + key_values(request_.key) +
                                 "): " + std::to_string(done) + "/" + std::to_string(total_) +
                                 " configurations, " + seconds + " s");
}

}  // namespace tiletune::detail
