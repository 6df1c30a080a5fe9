// The sampling rule on its own: when one configuration has enough samples. The wall-time budget
// is set out of reach here: these tests feed samples, they do not time anything.
#include "tune/measurement.h"

#include <gtest/gtest.h>

namespace tiletune::detail {
namespace {

SamplingRule without_budget() {
  SamplingRule rule;
  rule.budget_ms = 1e12;
  return rule;
}

// How many samples of `ms` each (cycling) the rule takes.
int samples_taken(const SamplingRule& rule, double best_ms, std::vector<double> ms) {
  Sampling sampling(rule, best_ms);
  for (std::size_t i = 0; !sampling.add(ms[i % ms.size()]); ++i) {
  }
  return sampling.count();
}

TEST(Sampling, StableSamplesStopAtTheMinimumCount) {
  const SamplingRule rule = without_budget();
  EXPECT_EQ(samples_taken(rule, 0, {1.0}), rule.min_samples);
}

TEST(Sampling, ShortSamplesGoOnUntilTheyAddUpToTheMinimumKernelTime) {
  const SamplingRule rule = without_budget();
  ASSERT_EQ(rule.min_sample_ms, 1);
  EXPECT_EQ(samples_taken(rule, 0, {0.125}), 8);
}

TEST(Sampling, SamplesThatNeverSettleStopAtTheCap) {
  const SamplingRule rule = without_budget();
  EXPECT_EQ(samples_taken(rule, 0, {1.0, 2.0}), rule.max_samples);
}

TEST(Sampling, AConfigurationFarSlowerThanTheBestStopsEarly) {
  const SamplingRule rule = without_budget();
  Sampling slow(rule, 1.0);
  while (!slow.add(1.0 * rule.early_stop_ratio + 0.1)) {
  }
  EXPECT_TRUE(slow.stopped_early());
  EXPECT_EQ(slow.count(), rule.early_stop_samples);

  Sampling close(rule, 1.0);
  while (!close.add(1.0 * rule.early_stop_ratio - 0.1)) {
  }
  EXPECT_FALSE(close.stopped_early());
  EXPECT_EQ(close.count(), rule.min_samples);
}

TEST(Sampling, MedianAndSpreadOfTheSamples) {
  const SampleStats odd = stats({3, 1, 2});
  EXPECT_EQ(odd.median, 2);
  const SampleStats even = stats({4, 1, 3, 2});
  EXPECT_EQ(even.median, 2.5);
  // Quartiles by index into the sorted samples: q1 = 1 (index 0), q3 = 3 (index 2).
  EXPECT_DOUBLE_EQ(even.spread, (3.0 - 1.0) / 2.5);
  EXPECT_EQ(stats({5, 5, 5}).spread, 0);
}

}  // namespace
}  // namespace tiletune::detail
