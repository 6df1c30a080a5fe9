// `search = sample`: a random sample of the space drawn with the seed, then local search from the
// fastest few of it, one value up or down along each axis, while a step gains more than 1% and
// does not land more than 3% behind the best so far. The climbs go in lockstep, so that each
// round's compiles overlap. While a round is measured, the neighbours of each climb's leader so
// far (where the climb would move if the round ended now) are built ahead, so that the next round
// finds them compiled.
#include "tune/search/sample.h"
#include "tune/search/neighbourhood.h"
#include "tune/search/strategy.h"

#include <algorithm>
#include <cstdint>
#include <random>

namespace tiletune::detail {
namespace {

// The eligible configurations in a random order fixed by the seed. Fisher-Yates on the engine's
// raw output (std::shuffle's use of it differs between standard libraries).
std::vector<std::size_t> shuffled(std::vector<std::size_t> indices, unsigned long long seed) {
  std::mt19937_64 engine(seed);
  for (std::size_t i = indices.size(); i > 1; --i) std::swap(indices[i - 1], indices[engine() % i]);
  return indices;
}

// Up to `limit` of `round` in the space's order (so that a tie goes to the earlier one).
std::vector<std::size_t> ordered(std::vector<std::size_t> round, std::size_t limit) {
  if (round.size() > limit) round.resize(limit);
  std::sort(round.begin(), round.end());
  return round;
}

// The sample strategy, one round at a time.
class SampleSearch {
 public:
  explicit SampleSearch(const SearchRun& run)
      : neighbours_(run.space),
        order_(shuffled(run.eligible, run.options.seed)),
        visited_(run.space.size(), false),
        eligible_(run.space.size(), false),
        ahead_(run.space.size(), false),
        left_(most_visits(run.eligible.size())),
        result_(run.result),
        visit_(run.visit),
        build_ahead_(run.build_ahead) {
    for (std::size_t i : run.eligible) eligible_[i] = true;
  }

  // From another model's winner: it, then the climb from it; the whole search when it cannot run.
  bool run_from(std::size_t start) {
    // Once it ran, its neighbours (the first climbing round) are built while this round ends.
    if (!go({start}, false, [this](std::size_t measured) { build_around(measured); }))
      return true;  // the budget ran out on it
    if (result_.best < 0) {
      run();
      return false;
    }
    climb({start});
    return true;
  }

  void run() {
    // The first sample; more of the random order while nothing in it could run.
    std::size_t drawn = 0;
    const std::size_t sample = first_sample_size(order_.size());
    do {
      const std::size_t end = std::min(order_.size(), drawn + sample);
      if (!go(std::vector<std::size_t>(order_.begin() + static_cast<long>(drawn),
                                       order_.begin() + static_cast<long>(end)),
              false, [this](std::size_t measured) { sampled(measured); }))
        return;
      drawn = end;
    } while (result_.best < 0 && drawn < order_.size());
    // Local search from the fastest few of the sample: a landscape with more than one valley
    // may hide the best from the single fastest start.
    climb(fastest(kStarts));
  }

 private:
  static constexpr std::size_t kStarts = 3;
  // A move must gain this much: a step that brings less is within the measurements' noise, and
  // the rounds after it would cost more than they find.
  static constexpr double kLeastGain = 0.01;
  // A climb whose step lands more than this much slower than the fastest configuration measured
  // so far ends there (and has nothing built ahead around it): it would take rounds to overtake
  // that one, and the rounds, each waiting for its slowest compile, are what a sampled tuning's
  // time is made of. Replayed on search_scale's landscapes (bench/search_replay, seeds 1-1,000),
  // against no such end: rounds 3.82 -> 3.04 (matmul), 3.43 -> 3.14 (reduction), 3.27 -> 3.20
  // (convolution); visits 72.3 -> 62.6, 58.2 -> 55.1, 54.8 -> 51.5; seeds within 3% of the best
  // 981 -> 983, 977 -> 974, 497 -> 521. At 0% the reduction fell to 949; at 5% the matmul kept
  // 3.48 rounds.
  static constexpr double kMostBehindBest = 0.03;

  // Moves each of `starts` to its fastest neighbour while one is faster by more than kLeastGain.
  // The climbs go in lockstep, each round holding every climb's unvisited neighbours, so that
  // their compiles overlap: the rounds, not the configurations, are what runs serially.
  void climb(std::vector<std::size_t> at) {
    while (!at.empty()) {
      std::vector<std::size_t> round;
      for (std::size_t a : at)
        for (std::size_t n : neighbours_.of(a))
          if (eligible_[n] && !visited_[n] &&
              std::find(round.begin(), round.end(), n) == round.end())
            round.push_back(n);
      if (round.empty() || left_ == 0 ||
          !go(round, true, [&](std::size_t measured) { stepped(at, measured); }))
        return;
      std::vector<std::size_t> moved;
      for (std::size_t a : at) {
        std::size_t next = a;
        for (std::size_t n : neighbours_.of(a))
          if (faster(n, next)) next = n;
        if (next != a && gains(next, a) && near_best(next) &&
            std::find(moved.begin(), moved.end(), next) == moved.end())
          moved.push_back(next);
      }
      at = std::move(moved);
    }
  }

  // A configuration of the sample was measured: once half the sample is, the fastest so far is
  // where a climb will likely start, and its neighbours are in the first climbing round; after
  // that, each new fastest. Not before half: the fastest of random draws changes most often at
  // first (about ln(n/2) times in the first half of n, ln 2 in the second), and what a change
  // leaves built ahead is compiled for nothing (replayed on search_scale's measured landscapes,
  // bench/search_replay: 56 such builds per matmul tuning of 73 visits, 13 with this rule, the
  // same visits and winners). Nor for each of the kStarts fastest: they change more often still.
  void sampled(std::size_t measured) {
    ++measured_in_round_;
    if (measured_in_round_ * 2 < round_size_) return;
    const bool half = (measured_in_round_ - 1) * 2 < round_size_;  // this one completes the half
    const std::vector<std::size_t> first = fastest(1);
    if (!first.empty() && (half || first.front() == measured)) build_around(first.front());
  }

  // A neighbour of the climbs at `at` was measured: a climb whose fastest neighbour it now is, by
  // more than kLeastGain, moves there unless a later one of the round beats it, and the next
  // round holds its neighbours.
  void stepped(const std::vector<std::size_t>& at, std::size_t measured) {
    for (std::size_t a : at) {
      const std::vector<std::size_t> around = neighbours_.of(a);
      if (std::find(around.begin(), around.end(), measured) == around.end()) continue;
      std::size_t leader = a;
      for (std::size_t n : around)
        if (visited_[n] && faster(n, leader)) leader = n;
      if (leader == measured && gains(measured, a) && near_best(measured)) build_around(measured);
    }
  }

  // Builds ahead the unvisited neighbours of `i` that are not being built ahead already, within
  // the visits left.
  void build_around(std::size_t i) {
    if (!build_ahead_) return;
    std::vector<std::size_t> next;
    for (std::size_t n : neighbours_.of(i))
      if (eligible_[n] && !visited_[n] && !ahead_[n]) next.push_back(n);
    next = ordered(std::move(next), left_);
    for (std::size_t n : next) ahead_[n] = true;
    if (!next.empty()) build_ahead_(next);
  }

  // Whether `i` ran within kMostBehindBest of the fastest configuration measured so far.
  bool near_best(std::size_t i) const {
    const std::vector<std::size_t> best = fastest(1);
    const Measurement& m = result_.measurements[i];
    return m.ok && (best.empty() || m.median_ms <= result_.measurements[best.front()].median_ms *
                                                       (1 + kMostBehindBest));
  }

  bool faster(std::size_t a, std::size_t b) const {
    const Measurement& x = result_.measurements[a];
    const Measurement& y = result_.measurements[b];
    return x.ok && (!y.ok || x.median_ms < y.median_ms);
  }

  // Whether `a` ran faster than `b` by more than kLeastGain (or `b` did not run).
  bool gains(std::size_t a, std::size_t b) const {
    const Measurement& x = result_.measurements[a];
    const Measurement& y = result_.measurements[b];
    return x.ok && (!y.ok || x.median_ms < y.median_ms * (1 - kLeastGain));
  }

  // The `count` fastest configurations measured so far.
  std::vector<std::size_t> fastest(std::size_t count) const {
    std::vector<std::size_t> ran;
    for (std::size_t i = 0; i < visited_.size(); ++i)
      if (visited_[i] && result_.measurements[i].ok) ran.push_back(i);
    std::stable_sort(ran.begin(), ran.end(), [&](std::size_t a, std::size_t b) {
      return result_.measurements[a].median_ms < result_.measurements[b].median_ms;
    });
    if (ran.size() > count) ran.resize(count);
    return ran;
  }

  // Visits `round` in the space's order. Local search (`limited`) stops at the most visits; the
  // sample is drawn whole, and goes on while nothing in it could run, since a tuning needs a
  // winner.
  // A round drops what was built ahead for it and not visited (search.h): it may be built ahead
  // again later.
  bool go(std::vector<std::size_t> round, bool limited = true, const Measured& measured = {}) {
    round = ordered(std::move(round), limited ? left_ : round.size());
    if (round.empty()) return left_ > 0;
    for (std::size_t i : round) visited_[i] = true;
    std::fill(ahead_.begin(), ahead_.end(), false);
    round_size_ = round.size();
    measured_in_round_ = 0;
    left_ -= std::min(left_, round.size());
    return visit_(round, measured);
  }

  Neighbourhood neighbours_;
  std::vector<std::size_t> order_;
  std::vector<bool> visited_;
  std::vector<bool> eligible_;
  std::vector<bool> ahead_;            // built ahead for the next round
  std::size_t left_;                   // visits the search may still make
  std::size_t round_size_ = 0;         // of the round being measured
  std::size_t measured_in_round_ = 0;  // of it, by the sample's callback
  const TuningResult& result_;
  const VisitRound& visit_;
  const BuildAhead& build_ahead_;
};

}  // namespace

// 3% (at least 16) to start; 8% in all (at least the sample), which keeps the compiles of a
// large space under a tenth of exhaustive's.
std::size_t first_sample_size(std::size_t eligible) {
  return std::min(eligible, std::max<std::size_t>(16, (eligible * 3 + 99) / 100));
}

std::size_t most_visits(std::size_t eligible) {
  return std::max(first_sample_size(eligible), eligible * 8 / 100);
}

std::vector<std::size_t> first_sample(const std::vector<std::size_t>& eligible,
                                      unsigned long long seed, std::size_t size) {
  return ordered(shuffled(eligible, seed), size ? size : first_sample_size(eligible.size()));
}

bool climb_from(const SearchRun& run, std::size_t start) {
  return SampleSearch(run).run_from(start);
}

std::string search_sample(const SearchRun& run) {
  SampleSearch(run).run();
  return "sample (seed " + std::to_string(run.options.seed) + ")";
}

}  // namespace tiletune::detail
