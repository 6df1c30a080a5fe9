#include "results/merge.h"

#include "results/result_text.h"

#include <algorithm>
#include <cstddef>

namespace tiletune::results {
namespace {

using detail::StoredResult;

bool same_identity(const StoredResult& a, const StoredResult& b) {
  return a.same_identity(b) && a.space_checksum == b.space_checksum;
}

// One input's block for an identity.
struct Vote {
  const std::string* file;
  const StoredResult* result;
};

// The vote whose winner the most inputs chose; among winners chosen equally often, the one with
// the fastest median; the fastest vote of that winner, so its other fields come along.
const Vote& elected(const std::vector<Vote>& votes) {
  auto count = [&](const Config& winner) {
    return std::count_if(votes.begin(), votes.end(),
                         [&](const Vote& v) { return v.result->best == winner; });
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

  std::vector<std::vector<Vote>> identities;  // the votes of each identity, in the order seen
  for (std::size_t f = 0; f < inputs.size(); ++f)
    for (const StoredResult& r : parsed[f]) {
      auto it = std::find_if(identities.begin(), identities.end(), [&](const auto& votes) {
        return same_identity(*votes.front().result, r);
      });
      if (it == identities.end()) it = identities.insert(identities.end(), std::vector<Vote>{});
      it->push_back({&inputs[f].name, &r});
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
