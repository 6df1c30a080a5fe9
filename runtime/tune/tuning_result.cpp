#include <tiletune/tuning_result.h>

#include "text/site_text.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

namespace tiletune {

namespace {

// "bm=64 bn=32", as Space::describe writes it (the result keeps the axis names, not the space).
std::string described(const std::vector<std::string>& axis_names, const Config& config) {
  std::string out;
  for (int i = 0; i < config.size(); ++i)
    out += (i ? " " : "") +
           (static_cast<std::size_t>(i) < axis_names.size() ? axis_names[i] : "?") + "=" +
           std::to_string(config[i]);
  return out;
}

// The few slowest builds of `measurements` (their build_ms), slowest first: "slowest builds (of
// 77): bm=128 bn=128 1340 ms, ...", where each round of the search waited, and what a smaller space
// would not compile; "" with fewer than two builds.
std::string slowest_builds(const std::vector<std::string>& axis_names,
                           const std::vector<Measurement>& measurements) {
  constexpr std::size_t kShown = 3;
  std::vector<const Measurement*> built;
  for (const Measurement& m : measurements)
    if (m.build_ms >= 0) built.push_back(&m);
  if (built.size() < 2) return "";
  std::stable_sort(built.begin(), built.end(), [](const Measurement* a, const Measurement* b) {
    return a->build_ms > b->build_ms;
  });
  std::string out = "slowest builds (of " + std::to_string(built.size()) + "):";
  for (std::size_t n = 0; n < std::min(kShown, built.size()); ++n) {
    char ms[32];
    std::snprintf(ms, sizeof ms, " %.0f ms", built[n]->build_ms);
    out += (n ? ", " : " ") + described(axis_names, built[n]->config) + ms;
  }
  return out + "\n";
}

}  // namespace

std::string TuningResult::table() const {
  std::string out = "tiletune: " + site + " " + kernel + " key=(" + detail::key_values(key);
  out +=
      ")" + (tuned ? std::string() : " [not tuned: " + not_tuned + "]") +
      (from_file ? " [from the results file]" : "") +
      (from_root ? " [from the root rank: not measured here]" : "") +
      (from_rank >= 0 ? " [from rank " + std::to_string(from_rank) + ": not measured here]" : "") +
      (cache_hit ? " [cache hit: another thread tuned it]" : "") +
      (stopped.empty() ? "" : " [stopped: " + stopped + "]") + "\n";

  char line[256];
  std::string header;
  for (const std::string& name : axis_names) {
    std::snprintf(line, sizeof line, "%10s ", name.c_str());
    header += line;
  }
  std::snprintf(line, sizeof line, "%12s %8s %7s %5s  %s\n", "median_ms", "spread", "samples",
                "regs", "status");
  out += header + line;
  std::map<std::string, int> not_visited;  // by reason
  for (std::size_t i = 0; i < measurements.size(); ++i) {
    const Measurement& m = measurements[i];
    if (m.not_visited) {
      ++not_visited[m.failure];
      continue;
    }
    for (int a = 0; a < m.config.size(); ++a) {
      std::snprintf(line, sizeof line, "%10lld ", m.config[a]);
      out += line;
    }
    std::string status = !m.ok ? "failed: " + m.failure.substr(0, m.failure.find('\n'))
                         : static_cast<int>(i) == best ? (tuned ? "best" : "chosen, not measured")
                         : m.stopped_early             ? "ok, stopped early (far slower)"
                                                       : "ok";
    if (m.ok && m.same_code_as >= 0)
      status += ", same code as " + described(axis_names, measurements[m.same_code_as].config);
    if (m.ok)
      std::snprintf(line, sizeof line, "%12.4f %7.1f%% %7d %5d  %s\n", m.median_ms, m.spread * 100,
                    m.samples, m.registers, status.c_str());
    else
      std::snprintf(line, sizeof line, "%12s %8s %7s %5d  %s\n", "-", "-", "-", m.registers,
                    status.c_str());
    out += line;
  }
  for (const auto& [reason, count] : not_visited)
    out += std::to_string(count) + " configuration" + (count == 1 ? "" : "s") + " " + reason + "\n";
  out += slowest_builds(axis_names, measurements);
  if (tuned && !search.empty()) out += "search: " + search + "\n";
  // How soon the search found what it kept: a long tuning whose winner came early says a smaller
  // budget would have found it too.
  if (tuned && measurements.size() > 1 && best_measured_at_ms() >= 0) {
    std::snprintf(line, sizeof line, "best measured %.3f s into the tuning\n",
                  best_measured_at_ms() / 1000);
    out += line;
  }
  if (!measure.empty()) out += "measured: " + measure + "\n";
  if (from_file || from_root || from_rank >= 0 || cache_hit)
    std::snprintf(line, sizeof line, "tuned in %.3f s\n", seconds);
  else
    std::snprintf(line, sizeof line,
                  "tuned in %.3f s (this thread: compiles %.1f ms, loading %.1f ms, checking %.1f "
                  "ms, measuring %.1f ms)\n",
                  seconds, phases.compile_ms, phases.load_ms, phases.check_ms, phases.measure_ms);
  return out + line;
}

}  // namespace tiletune
