// Merging results files, so that a file tuned on one machine (or several) ships to every rank:
// per identity (site, device, key, hints and space checksum) the winner most files agree on, a tie
// going to the fastest median; the identities whose files disagree are listed.
#pragma once

#include "store/results_format.h"

#include <string>
#include <vector>

namespace tiletune::results {

// One input: its name (for messages) and its text.
struct NamedText {
  std::string name;
  std::string text;
};

struct Merged {
  std::vector<detail::StoredResult> results;  // one per identity, in the order first seen
  // One line per identity whose inputs chose different winners: each input's winner and median,
  // and the one kept.
  std::vector<std::string> conflicts;
  // Malformed blocks of the inputs, as "file:line: what" (they are left out of `results`).
  std::vector<std::string> problems;
};

Merged merge(const std::vector<NamedText>& inputs);

}  // namespace tiletune::results
