// Hints applied on the host, in the PTX, so that configurations differing only in hints share one
// front-end run: `.maxntid` and `.minnctapersm` on the kernel's entry.
#pragma once

#include <string>
#include <string_view>

namespace tiletune::detail {

struct EntryHints {
  unsigned max_threads[3] = {0, 0, 0};  // .maxntid x, y, z; all 0: leave as is
  unsigned min_blocks_per_sm = 0;       // .minnctapersm; 0: leave as is
};

// Returns `ptx` with the hints added to the `.entry` named `entry`. A directive the entry already
// has (from __launch_bounds__) is replaced. Throws tiletune::Error if the entry is not found.
std::string apply_entry_hints(std::string_view ptx, std::string_view entry,
                              const EntryHints& hints);

}  // namespace tiletune::detail
