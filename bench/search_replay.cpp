// The sample strategy replayed on landscapes search_scale measured (SEARCH_SCALE_TABLES=FILE, or
// bench/data/search_scale_landscapes_h200.txt): each configuration's median from an exhaustive
// tuning stands in for measuring it, so that a change to the search's rules can be judged on real
// landscapes without a GPU, over many seeds. It runs the runtime's own search (tune/search/), and
// prints per kernel how many seeds end within 3% of the landscape's best (and the geometric mean
// of the winners' ratio to it), the configurations each visits (compiles), its rounds (each a
// compile latency the tuning waits for in turn), and the configurations built ahead for a round
// that none visited (compiled for nothing where a worker took them before the round dropped them).
// No time is simulated: compile and measuring times are search_scale's to measure. Usage:
// search_replay [FILE [SEEDS]] (default the H200 file, 100 seeds; seed 18, the default one, is
// printed alone too). Then the fewest rounds a search can have after a random sample: one round of
// the neighbours of the sample's k fastest, for a few sample sizes and k, with how many seeds end
// within 3% and the configurations visited. Each round waits for its slowest compile, so this is
// what a search of two compile latencies finds on these landscapes (docs/development.md:
// search_scale's figures).
#include "search_scale_spaces.h"

#include "tune/search/neighbourhood.h"
#include "tune/search/search.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tiletune;
using namespace tiletune::detail;

namespace {

// A kernel's landscape: each configuration's median (-1: no row, or not run), and which were
// pruned before the search.
struct Landscape {
  std::string kernel;
  Space space;
  std::vector<double> median;
  std::vector<bool> eligible;
};

// The first exhaustive table of each kernel with more than one row (search_scale's warm-up tunes
// one configuration first).
std::vector<Landscape> read_landscapes(const std::string& file) {
  std::ifstream in(file);
  std::vector<Landscape> out;
  std::map<std::string, bool> done;
  Landscape* current = nullptr;
  std::map<std::vector<long long>, std::size_t> index;
  int rows = 0;
  const auto finish = [&] {
    if (current && rows <= 1)
      out.pop_back();
    else if (current)
      done[current->kernel] = true;
    current = nullptr;
  };
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("== ", 0) == 0) {
      finish();
      std::istringstream header(line.substr(3));
      std::string kernel, strategy;
      header >> kernel >> strategy;
      if (strategy != "exhaustive" || done.count(kernel)) continue;
      Landscape& l = out.emplace_back();
      l.kernel = kernel;
      l.space = bench::search_scale_space(kernel);
      l.median.assign(l.space.size(), -1);
      l.eligible.assign(l.space.size(), true);
      index.clear();
      const std::vector<Config>& configs = l.space.configurations();
      for (std::size_t i = 0; i < configs.size(); ++i) {
        std::vector<long long> values;
        for (int a = 0; a < configs[i].size(); ++a) values.push_back(configs[i][a]);
        index[values] = i;
      }
      current = &l;
      rows = 0;
      continue;
    }
    if (!current) continue;
    std::istringstream row(line);
    std::vector<long long> values(current->space.axis_names().size());
    bool numbers = true;
    for (long long& v : values) numbers = numbers && static_cast<bool>(row >> v);
    std::string median;
    if (!numbers || !(row >> median)) continue;
    const auto at = index.find(values);
    if (at == index.end()) continue;  // not a row of this space
    ++rows;
    if (median != "-")
      current->median[at->second] = std::stod(median);
    else if (line.find("skipped") != std::string::npos)
      current->eligible[at->second] = false;
  }
  finish();
  return out;
}

// The landscape's best median (of the configurations that ran).
double best_median(const Landscape& l) {
  double best = 1e30;
  for (double m : l.median)
    if (m > 0) best = std::min(best, m);
  return best;
}

struct Replay {
  double ratio = 0;  // the winner's median over the landscape's best
  int visits = 0, rounds = 0, ahead_visited = 0, ahead_unvisited = 0;
  std::string winner, round_sizes;
};

Replay replay(const Landscape& l, unsigned long long seed) {
  Search options;
  options.strategy = SearchStrategy::sample;
  options.seed = seed;
  const std::vector<Config>& configs = l.space.configurations();
  TuningResult result;
  result.measurements.resize(configs.size());
  for (std::size_t i = 0; i < configs.size(); ++i) result.measurements[i].config = configs[i];
  std::vector<bool> visited(configs.size(), false), ahead(configs.size(), false);
  Replay r;
  const VisitRound visit = [&](const std::vector<std::size_t>& round, const Measured& measured) {
    ++r.rounds;
    r.round_sizes += (r.round_sizes.empty() ? "" : " ") + std::to_string(round.size());
    for (std::size_t i : round) {
      visited[i] = true;
      ++r.visits;
      r.ahead_visited += ahead[i];
      Measurement& m = result.measurements[i];
      m.ok = l.median[i] > 0;
      m.median_ms = l.median[i];
      if (m.ok && (result.best < 0 || m.median_ms < result.measurements[result.best].median_ms))
        result.best = static_cast<int>(i);
      if (measured) measured(i);
    }
    return true;
  };
  const BuildAhead build_ahead = [&](const std::vector<std::size_t>& indices) {
    for (std::size_t i : indices) ahead[i] = true;
  };
  search(l.space, l.eligible, options, result, visit, nullptr, build_ahead);
  for (std::size_t i = 0; i < configs.size(); ++i) r.ahead_unvisited += ahead[i] && !visited[i];
  r.ratio =
      result.best >= 0 ? l.median[static_cast<std::size_t>(result.best)] / best_median(l) : 1e30;
  r.winner =
      result.best >= 0 ? l.space.describe(configs[static_cast<std::size_t>(result.best)]) : "none";
  return r;
}

// A search of two rounds: `sample` eligible configurations drawn with `seed`, then every
// neighbour of the sample's `starts` fastest. Returns the winner's median over the best, and adds
// the configurations visited to `visits`.
double two_rounds(const Landscape& l, const Neighbourhood& neighbours, std::size_t sample,
                  std::size_t starts, unsigned long long seed, double& visits) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < l.eligible.size(); ++i)
    if (l.eligible[i]) order.push_back(i);
  std::mt19937_64 engine(seed);
  sample = std::min(sample, order.size());
  for (std::size_t i = 0; i < sample; ++i)
    std::swap(order[i], order[i + engine() % (order.size() - i)]);
  std::vector<bool> visited(l.median.size(), false);
  std::vector<std::size_t> ran;
  for (std::size_t n = 0; n < sample; ++n) {
    visited[order[n]] = true;
    if (l.median[order[n]] > 0) ran.push_back(order[n]);
  }
  std::sort(ran.begin(), ran.end(),
            [&](std::size_t a, std::size_t b) { return l.median[a] < l.median[b]; });
  if (ran.size() > starts) ran.resize(starts);
  for (std::size_t a : ran)
    for (std::size_t n : neighbours.of(a))
      if (l.eligible[n]) visited[n] = true;
  double won = 1e30;
  for (std::size_t i = 0; i < visited.size(); ++i) {
    if (!visited[i]) continue;
    visits += 1;
    if (l.median[i] > 0) won = std::min(won, l.median[i]);
  }
  return won / best_median(l);
}

// The two-round searches' table of `l` over seeds 1 to `seeds`.
std::string fewest_rounds(const Landscape& l, int seeds) {
  const Neighbourhood neighbours(l.space);
  std::string out =
      "  " + l.kernel + ", two rounds (a sample, then the neighbours of its k fastest):";
  for (const std::size_t sample : {16, 24, 32})
    for (const std::size_t starts : {1, 2, 3}) {
      int good = 0;
      double visits = 0;
      for (int seed = 1; seed <= seeds; ++seed)
        good += two_rounds(l, neighbours, sample, starts, static_cast<unsigned long long>(seed),
                           visits) <= 1.03;
      char cell[80];
      std::snprintf(cell, sizeof cell, "%s sample %zu k %zu: %d/%d, %.1f visited",
                    starts == 1 ? "\n   " : ";", sample, starts, good, seeds, visits / seeds);
      out += cell;
    }
  return out + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string file =
      argc > 1 ? argv[1]
               : std::string(TILETUNE_SOURCE_DIR) + "/bench/data/search_scale_landscapes_h200.txt";
  const int seeds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 100;
  const std::vector<Landscape> landscapes = read_landscapes(file);
  if (landscapes.empty()) {
    std::fprintf(stderr, "search_replay: no exhaustive landscape in %s\n", file.c_str());
    return 1;
  }
  std::string summary;
  for (const Landscape& l : landscapes) {
    const Replay one = replay(l, 18);
    std::printf(
        "  %-9s seed 18: winner %s at %.3fx the best, %d visited in %d rounds (%s), %d built "
        "ahead and not visited, %d visited built ahead\n",
        l.kernel.c_str(), one.winner.c_str(), one.ratio, one.visits, one.rounds,
        one.round_sizes.c_str(), one.ahead_unvisited, one.ahead_visited);
    int good = 0;
    double worst = 0, log_ratio = 0, visits = 0, rounds = 0, ahead = 0, ahead_visited = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const Replay r = replay(l, static_cast<unsigned long long>(seed));
      good += r.ratio <= 1.03;
      worst = std::max(worst, r.ratio);
      log_ratio += std::log(r.ratio) / seeds;
      visits += static_cast<double>(r.visits) / seeds;
      rounds += static_cast<double>(r.rounds) / seeds;
      ahead += static_cast<double>(r.ahead_unvisited) / seeds;
      ahead_visited += static_cast<double>(r.ahead_visited) / seeds;
    }
    char line[300];
    std::snprintf(
        line, sizeof line,
        "  %-9s %zu configurations, seeds 1 to %d: %d within 3%% of the best (geometric mean "
        "%.4fx, worst %.3fx); mean %.1f visited (%.1f of them built ahead), %.2f rounds, %.1f "
        "built ahead and not visited\n",
        l.kernel.c_str(), l.space.size(), seeds, good, std::exp(log_ratio), worst, visits,
        ahead_visited, rounds, ahead);
    summary += line;
  }
  for (const Landscape& l : landscapes) std::printf("%s", fewest_rounds(l, seeds).c_str());
  std::printf("search_replay: %s\n%s", file.c_str(), summary.c_str());
  return 0;
}
