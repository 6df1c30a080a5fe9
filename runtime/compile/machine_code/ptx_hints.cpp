#include "compile/machine_code/ptx_hints.h"

#include "compile/machine_code/ptx_entries.h"

#include <tiletune/error.h>

#include <optional>
#include <regex>
#include <string>
#include <string_view>

// What ptxas makes of the hints (checked with nvJitLink 13.0 for sm_90):
// - `.minnctapersm` alone is ignored. Without `.maxntid` or `.reqntid` ptxas cannot turn "n blocks
//   per SM" into a register budget; it reports the same registers as with no hint and warns
//   ".minnctapersm is ignored when neither .maxntid nor .reqntid is specified" (the PTX ISA says
//   the same). An occupancy hint thus needs a bounded block size: the kernel's own
//   __launch_bounds__ or .reqntid, or `max_threads` here.
// - with both, ptxas caps registers per thread so that that many blocks of that many threads fit
//   one multiprocessor's register file (64K registers: 256 threads x 2 blocks -> 128).
// - ptxas refuses `.maxntid` on an entry that has `.reqntid` ("Conflicting directives"), which
//   link_to_cubin reports as a CompileError: the hint is written as asked, not second-guessed here.

namespace tiletune::detail {
namespace {

// Replaces `directive` in `region` if present; returns whether it was.
bool replace_directive(std::string& region, const std::regex& directive, const std::string& text) {
  std::smatch match;
  if (!std::regex_search(region, match, directive)) return false;
  region.replace(static_cast<size_t>(match.position(0)), static_cast<size_t>(match.length(0)),
                 text);
  return true;
}

}  // namespace

std::string apply_entry_hints(std::string_view ptx, std::string_view entry,
                              const EntryHints& hints) {
  const std::optional<EntrySpan> found = find_entry(ptx, entry);
  if (!found) throw Error("PTX has no entry `" + std::string(entry) + "`");

  const bool sets_threads =
      hints.max_threads[0] != 0 || hints.max_threads[1] != 0 || hints.max_threads[2] != 0;
  const bool sets_blocks = hints.min_blocks_per_sm != 0;
  if (!sets_threads && !sets_blocks) return std::string(ptx);

  std::string region(ptx.substr(found->directives, found->body - found->directives));
  std::string missing;  // directives the entry does not have yet, inserted before its body
  if (sets_threads) {
    // .maxntid needs every dimension positive; a dimension left 0 is one thread wide.
    auto dimension = [&](int i) {
      return std::to_string(hints.max_threads[i] ? hints.max_threads[i] : 1);
    };
    const std::string text = ".maxntid " + dimension(0) + ", " + dimension(1) + ", " + dimension(2);
    static const std::regex maxntid(R"(\.maxntid\s+\d+(\s*,\s*\d+)*)");
    if (!replace_directive(region, maxntid, text)) missing += text + "\n";
  }
  if (sets_blocks) {
    const std::string text = ".minnctapersm " + std::to_string(hints.min_blocks_per_sm);
    static const std::regex minnctapersm(R"(\.minnctapersm\s+\d+)");
    if (!replace_directive(region, minnctapersm, text)) missing += text + "\n";
  }
  // Each inserted directive goes on a line of its own, as NVRTC writes them.
  const char before_body = region.empty() ? ptx[found->directives - 1] : region.back();
  if (!missing.empty() && before_body != '\n') region += '\n';

  std::string result;
  result.reserve(ptx.size() + region.size() + missing.size());
  result.append(ptx.substr(0, found->directives));
  result.append(region);
  result.append(missing);
  result.append(ptx.substr(found->body));
  return result;
}

}  // namespace tiletune::detail
