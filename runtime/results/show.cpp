#include "results/show.h"

#include "results/result_text.h"

#include <algorithm>
#include <cstdio>

namespace tiletune::results {
namespace {

using detail::StoredResult;
using Row = std::vector<std::string>;

const Row kHeader = {"device",    "key",       "hints",  "winner",
                     "median_ms", "runner-up", "its ms", "vs median config"};

Row row_of(const StoredResult& r) {
  char ratio[64] = "-";
  if (r.space_median_ms && r.median_ms > 0)
    std::snprintf(ratio, sizeof ratio, "%.2fx faster", *r.space_median_ms / r.median_ms);
  return {r.device,
          key_text(r.key),
          hints_text(r.hints),
          config_text(r.axis_names, r.best),
          ms_text(r.median_ms),
          r.runner_up ? config_text(r.axis_names, *r.runner_up) : "-",
          r.runner_up_ms ? ms_text(*r.runner_up_ms) : "-",
          ratio};
}

// The rows with each column padded to its widest cell, two spaces between columns.
std::string aligned(const std::vector<Row>& rows) {
  std::vector<std::size_t> width(kHeader.size(), 0);
  for (const Row& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out;
  for (const Row& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line += row[c] + (c + 1 < row.size() ? std::string(width[c] - row[c].size() + 2, ' ') : "");
    out += line + "\n";
  }
  return out;
}

}  // namespace

std::string show(const std::vector<StoredResult>& results) {
  std::vector<std::string> sites;
  for (const StoredResult& r : results)
    if (std::find(sites.begin(), sites.end(), r.site) == sites.end()) sites.push_back(r.site);
  std::string out;
  for (const std::string& site : sites) {
    std::vector<Row> rows = {kHeader};
    for (const StoredResult& r : results)
      if (r.site == site) rows.push_back(row_of(r));
    out += (out.empty() ? "" : "\n") + ("[" + site + "]\n") + aligned(rows);
  }
  return out;
}

}  // namespace tiletune::results
