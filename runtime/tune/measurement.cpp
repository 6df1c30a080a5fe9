#include "tune/measurement.h"

#include <algorithm>

namespace tiletune::detail {

SampleStats stats(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  auto at = [&](double q) { return samples[static_cast<std::size_t>(q * (samples.size() - 1))]; };
  SampleStats s;
  std::size_t n = samples.size();
  s.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  s.spread = s.median > 0 ? (at(0.75) - at(0.25)) / s.median : 0;
  return s;
}

Sampling::Sampling(const SamplingRule& rule, double best_ms) : rule_(rule), best_ms_(best_ms) {}

bool Sampling::add(double ms) {
  fastest_ = samples_.empty() ? ms : std::min(fastest_, ms);
  samples_.push_back(ms);
  const int n = count();
  if (n >= rule_.early_stop_samples && best_ms_ > 0 && fastest_ > best_ms_ * rule_.early_stop_ratio)
    return stopped_early_ = true;
  sampled_ms_ += ms;
  if (n >= rule_.max_samples) return true;
  if (n < rule_.min_samples || sampled_ms_ < rule_.min_sample_ms) return false;
  const double elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  return stats().spread < rule_.stable_spread || elapsed_ms > rule_.budget_ms;
}

}  // namespace tiletune::detail
