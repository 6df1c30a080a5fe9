#include "results/tuning_points.h"

#include "results/result_text.h"

#include <cstdlib>
#include <sstream>

namespace tiletune::results {
namespace {

// The marks `TuningResult::table()` starts a table with: "tiletune: <site> <kernel> key=(...)".
constexpr std::string_view kTablePrefix = "tiletune: ";
constexpr std::string_view kKeyMark = " key=(";
constexpr std::string_view kMedianColumn = "median_ms";
constexpr std::string_view kEndOfTable = "tuned in ";
constexpr std::string_view kBestStatus = "best";
constexpr std::string_view kFailedStatus = "failed:";
constexpr std::string_view kConfigurationWord = "configuration";

std::vector<std::string> words(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool is_integer(const std::string& word, long long& value) {
  char* end = nullptr;
  value = std::strtoll(word.c_str(), &end, 10);
  return !word.empty() && *end == '\0';
}

bool is_number(const std::string& word, double& value) {
  char* end = nullptr;
  value = std::strtod(word.c_str(), &end);
  return !word.empty() && *end == '\0';
}

// The key of a table's first line "(4096,2)" ... ")" and the site before " key=(".
bool read_table_start(std::string_view line, TuningPoints& t) {
  if (line.substr(0, kTablePrefix.size()) != kTablePrefix) return false;
  const std::size_t mark = line.find(kKeyMark);
  const std::size_t close = line.find(')', mark == std::string_view::npos ? 0 : mark);
  if (mark == std::string_view::npos || close == std::string_view::npos) return false;
  // A mark after the key ("[from the results file]", "[cache hit: ...]", "[not tuned: ...]") says
  // nothing was measured here: no tuning to draw.
  if (line.find(" [", close) != std::string_view::npos) return false;
  t.site = std::string(line.substr(kTablePrefix.size(), mark - kTablePrefix.size()));
  std::string values(line.substr(mark + kKeyMark.size(), close - mark - kKeyMark.size()));
  for (char& c : values)
    if (c == ',') c = ' ';
  for (const std::string& w : words(values)) {
    long long v = 0;
    if (!is_integer(w, v) || t.key.size == Key::kMaxValues) return false;
    t.key.values[t.key.size++] = v;
  }
  return true;
}

// A row: the axis values, then the median (or "-" for a configuration that did not run), spread,
// samples, registers and the status ("failed: why" for one that did not run). A line counting
// configurations the search did not try ("3 configurations not chosen by the search") is kept as
// it is.
void read_row(std::string_view line, const std::vector<std::string>& w, TuningPoints& t) {
  long long count = 0;
  if (w.size() >= 2 && is_integer(w[0], count) && w[1].rfind(kConfigurationWord, 0) == 0) {
    t.not_tried.emplace_back(line);
    return;
  }
  const std::size_t axes = t.axis_names.size();
  detail::MeasuredConfig m;
  if (w.size() < axes + 5) return;
  for (std::size_t a = 0; a < axes; ++a) {
    long long v = 0;
    if (!is_integer(w[a], v)) return;
    m.config.push_back(v);
  }
  if (w[axes] == "-" && w[axes + 4] == kFailedStatus) {
    std::string why;
    for (std::size_t i = axes + 5; i < w.size(); ++i) why += (why.empty() ? "" : " ") + w[i];
    t.failed.push_back({m.config, why});
    return;
  }
  if (!is_number(w[axes], m.median_ms)) return;
  t.points.push_back(m);
  if (w[axes + 4] == kBestStatus) t.winner = m.config;
}

std::string key_words(const Key& key) { return detail::key_values(key); }

bool selected(const TuningPoints& t, const Selection& s) {
  std::string key = s.key;
  std::erase_if(key, [](char c) { return c == ' ' || c == '(' || c == ')'; });
  return t.site.find(s.site) != std::string::npos && (key.empty() || key == key_words(t.key));
}

}  // namespace

std::vector<TuningPoints> points_from_results(const std::vector<detail::StoredResult>& results) {
  std::vector<TuningPoints> out;
  for (const detail::StoredResult& r : results) {
    if (r.measured.empty()) continue;
    out.push_back({r.site, r.key, r.axis_names, r.measured, r.best});
  }
  return out;
}

bool looks_like_log(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    TuningPoints ignored;
    if (read_table_start(text.substr(at, end - at), ignored)) return true;
    at = end + 1;
  }
  return false;
}

std::vector<TuningPoints> points_from_log(std::string_view log) {
  std::vector<TuningPoints> out;
  std::optional<TuningPoints> table;
  bool header_read = false;
  std::size_t at = 0;
  while (at < log.size()) {
    const std::size_t end = std::min(log.find('\n', at), log.size());
    const std::string_view line = log.substr(at, end - at);
    at = end + 1;
    TuningPoints start;
    if (read_table_start(line, start)) {
      table = std::move(start);
      table->from_log = true;
      header_read = false;
      continue;
    }
    if (!table) continue;
    const std::vector<std::string> w = words(line);
    if (!header_read) {
      // The header: the axis names, then median_ms and the other columns.
      const auto median = std::find(w.begin(), w.end(), kMedianColumn);
      if (median == w.end()) {
        table.reset();
        continue;
      }
      table->axis_names.assign(w.begin(), median);
      header_read = true;
    } else if (line.substr(0, kEndOfTable.size()) == kEndOfTable) {
      if (!table->points.empty() || !table->failed.empty()) out.push_back(std::move(*table));
      table.reset();
    } else {
      read_row(line, w, *table);
    }
  }
  return out;
}

std::optional<TuningPoints> select(const std::vector<TuningPoints>& tunings,
                                   const Selection& selection, std::string& why) {
  std::vector<const TuningPoints*> picked;
  for (const TuningPoints& t : tunings) {
    if (!selected(t, selection)) continue;
    std::erase_if(picked,
                  [&](const TuningPoints* p) { return p->site == t.site && p->key == t.key; });
    picked.push_back(&t);
  }
  if (picked.size() == 1) return *picked.front();
  if (picked.empty()) {
    why = tunings.empty()
              ? "no tuning with a time per configuration in it"
              : "no tuning matches --site '" + selection.site + "' --key '" + selection.key + "'";
    return std::nullopt;
  }
  why = "several tunings match; choose one with --site and --key:";
  for (const TuningPoints* p : picked) why += "\n  " + p->site + " --key " + key_words(p->key);
  return std::nullopt;
}

}  // namespace tiletune::results
