// Timing one configuration: how many samples are enough, as one object that takes the samples one
// at a time and says when to stop.
#pragma once

#include <chrono>
#include <vector>

namespace tiletune::detail {

// Warm-up launches, then samples until the middle half of the samples spreads less than
// `stable_spread` of the median, `max_samples` are taken, or `budget_ms` of sampling is spent. The
// budget binds only long kernels that never settle: 50 samples of a 0.3 ms kernel at a 4% spread
// took 15 ms of a 60 ms tuning (bench/tuning_time, H200), while capping samples at 20 instead cost
// short kernels their precision (tuning_quality: transpose 7/10).
struct SamplingRule {
  int warmup = 2;
  int min_samples = 5;
  // Sampling also goes on until the samples add up to this much kernel time: a short kernel's
  // samples are cheap, and noisier for their length (tuning_quality, transpose at 0.04 ms: with 5
  // samples the winner missed the oracle best by over 2% in 5 of 10 tunings on one run).
  double min_sample_ms = 1;
  int max_samples = 50;
  double stable_spread = 0.02;
  double budget_ms = 10;  // wall time of one configuration's samples
  // A configuration whose fastest sample, after `early_stop_samples`, is `early_stop_ratio` times
  // the best median so far stops there: it cannot win.
  int early_stop_samples = 3;
  double early_stop_ratio = 1.5;
};

struct SampleStats {
  double median = 0;
  double spread = 0;  // (q3 - q1) / median
};

// Of samples that are not empty.
SampleStats stats(std::vector<double> samples);

// One configuration's samples and the rule that says when there are enough.
class Sampling {
 public:
  // `best_ms`: the best median of the tuning so far (0: none yet). The budget starts now.
  Sampling(const SamplingRule& rule, double best_ms);

  // Takes one sample, in milliseconds; true when no more are needed.
  bool add(double ms);

  int count() const { return static_cast<int>(samples_.size()); }
  SampleStats stats() const { return detail::stats(samples_); }
  // Stopped because it was already far slower than the best: its median is not a fair one.
  bool stopped_early() const { return stopped_early_; }

 private:
  const SamplingRule& rule_;
  double best_ms_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::vector<double> samples_;
  double fastest_ = 0;
  double sampled_ms_ = 0;  // the kernel's own time, summed over the samples
  bool stopped_early_ = false;
};

}  // namespace tiletune::detail
