#include "results/merge.h"

#include "results/result_text.h"

#include <algorithm>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>

namespace tiletune::results {
namespace {

using detail::StoredResult;

// What a merge keeps apart: an identity's results for another space are another tuning.
std::string merge_identity(const StoredResult& r) {
  return detail::identity_text(r) + " space " + std::to_string(r.space_checksum);
}

// One input's block for an identity.
struct Vote {
  const std::string* file;
  const StoredResult* result;
};

// The vote whose winner the most inputs chose; among winners chosen equally often, the one with
// the fastest median; the fastest vote of that winner, so its other fields come along.
const Vote& elected(const std::vector<Vote>& votes) {
  // Counted once per distinct winner: a vote's count is looked up, not counted again per vote.
  std::vector<std::pair<const Config*, std::size_t>> counts;
  for (const Vote& v : votes) {
    auto same = [&](const auto& c) { return *c.first == v.result->best; };
    if (auto it = std::find_if(counts.begin(), counts.end(), same); it != counts.end())
      ++it->second;
    else
      counts.emplace_back(&v.result->best, 1);
  }
  auto count = [&](const Config& winner) {
    return std::find_if(counts.begin(), counts.end(),
                        [&](const auto& c) { return *c.first == winner; })
        ->second;
  };
  const Vote* chosen = &votes.front();
  for (const Vote& v : votes) {
    const auto n = count(v.result->best), m = count(chosen->result->best);
    if (n > m || (n == m && v.result->median_ms < chosen->result->median_ms)) chosen = &v;
  }
  return *chosen;
}

std::string conflict_line(const std::vector<Vote>& votes, const Vote& chosen) {
  const StoredResult& r = *chosen.result;
  std::string line = "conflict: [" + r.site + "] device=" + r.device + " key=" + key_text(r.key) +
                     " " + hints_text(r.hints) + ":";
  for (const Vote& v : votes)
    line += " " + *v.file + ": " + config_text(r.axis_names, v.result->best) + " (" +
            ms_text(v.result->median_ms) + " ms);";
  const auto agreeing = std::count_if(votes.begin(), votes.end(),
                                      [&](const Vote& v) { return v.result->best == r.best; });
  return line + " kept " + config_text(r.axis_names, r.best) + " (" + std::to_string(agreeing) +
         " of " + std::to_string(votes.size()) + ")";
}

}  // namespace

Merged merge(const std::vector<NamedText>& inputs) {
  Merged merged;
  std::vector<std::vector<StoredResult>> parsed;
  parsed.reserve(inputs.size());
  for (const NamedText& input : inputs)
    parsed.push_back(detail::parse_results(input.text, input.name, &merged.problems));

  // The votes of each identity, in the order seen; found by identity in one pass over the inputs.
  std::vector<std::vector<Vote>> identities;
  std::unordered_map<std::string, std::size_t> position;
  for (std::size_t f = 0; f < inputs.size(); ++f)
    for (const StoredResult& r : parsed[f]) {
      auto [at, added] = position.try_emplace(merge_identity(r), identities.size());
      if (added) identities.emplace_back();
      identities[at->second].push_back({&inputs[f].name, &r});
    }

  for (const std::vector<Vote>& votes : identities) {
    const Vote& chosen = elected(votes);
    merged.results.push_back(*chosen.result);
    const bool disagree = std::any_of(votes.begin(), votes.end(), [&](const Vote& v) {
      return v.result->best != chosen.result->best;
    });
    if (disagree) merged.conflicts.push_back(conflict_line(votes, chosen));
  }
  return merged;
}

}  // namespace tiletune::results
