#include "results/show.h"

#include "results/result_text.h"
#include "store/printable_text.h"

#include <algorithm>
#include <cstdio>
#include <string_view>
#include <unordered_map>

namespace tiletune::results {
namespace {

using detail::StoredResult;
using Row = std::vector<std::string>;

const Row kHeader = {"device",    "key",    "hints", "winner",          "median_ms",
                     "runner-up", "its ms", "timed", "vs median config"};

// How the samples were timed (a block that does not say was timed eagerly: the other modes came
// later), and whether the time budget ended the tuning before it had seen all it meant to.
std::string timing_text(const StoredResult& r) {
  std::string text = r.measure.empty() ? "eager" : r.measure;
  if (!r.stopped.empty()) text += "; stopped: " + r.stopped;
  return text;
}

// A row's cells, as a terminal may show them: a file's text (a device, an axis name) could hold
// escape sequences.
Row row_of(const StoredResult& r) {
  char ratio[64] = "-";
  if (r.space_median_ms && r.median_ms > 0)
    std::snprintf(ratio, sizeof ratio, "%.2fx faster", *r.space_median_ms / r.median_ms);
  Row row = {r.device,
             key_text(r.key),
             hints_text(r.hints),
             config_text(r.axis_names, r.best),
             ms_text(r.median_ms),
             r.runner_up ? config_text(r.axis_names, *r.runner_up) : "-",
             r.runner_up_ms ? ms_text(*r.runner_up_ms) : "-",
             timing_text(r),
             ratio};
  for (std::string& cell : row) cell = detail::terminal_text(cell);
  return row;
}

// The rows with each column padded to its widest cell, two spaces between columns.
std::string aligned(const std::vector<Row>& rows) {
  std::vector<std::size_t> width(kHeader.size(), 0);
  for (const Row& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c)
      width[c] = std::max(width[c], detail::shown_width(row[c]));
  std::string out;
  for (const Row& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line +=
          row[c] +
          (c + 1 < row.size() ? std::string(width[c] - detail::shown_width(row[c]) + 2, ' ') : "");
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string show(const std::vector<StoredResult>& results) {
  // The rows of each site, the sites in the order first seen: one pass, however many sites.
  std::vector<std::string_view> sites;
  std::unordered_map<std::string_view, std::vector<Row>> rows_of;
  for (const StoredResult& r : results) {
    auto [at, added] = rows_of.try_emplace(r.site);
    if (added) {
      sites.push_back(r.site);
      at->second.push_back(kHeader);
    }
    at->second.push_back(row_of(r));
  }
  std::string out;
  for (const std::string_view site : sites)
    out += (out.empty() ? "" : "\n") + ("[" + detail::terminal_text(site) + "]\n") +
           aligned(rows_of[site]);
  return out;
}

}  // namespace tiletune::results
