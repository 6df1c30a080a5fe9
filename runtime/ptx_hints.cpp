#include "ptx_hints.h"

#include <optional>
#include <regex>
#include <string>
#include <string_view>

#include "tiletune/error.h"

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

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where the performance-tuning directives of the entry's definition lie: after its parameter list,
// before the `{` that opens its body.
struct DirectiveRegion {
  size_t begin;
  size_t body;  // position of the `{`
};

// The region of the definition of `.entry <entry>`, or nothing if there is none. Declarations
// (`.extern .entry f(...);`) and entries whose name merely starts with `entry` are skipped.
std::optional<DirectiveRegion> find_entry(std::string_view ptx, std::string_view entry) {
  constexpr std::string_view keyword = ".entry";
  for (size_t at = ptx.find(keyword); at != std::string_view::npos;
       at = ptx.find(keyword, at + keyword.size())) {
    // `.entry` must be a directive of its own, not part of a longer word or a line comment.
    if (at > 0 && !is_space(ptx[at - 1])) continue;
    const size_t newline = ptx.rfind('\n', at);
    const size_t line_start = newline == std::string_view::npos ? 0 : newline;
    if (ptx.substr(line_start, at - line_start).find("//") != std::string_view::npos) continue;

    size_t pos = at + keyword.size();
    if (pos >= ptx.size() || !is_space(ptx[pos])) continue;
    while (pos < ptx.size() && is_space(ptx[pos])) ++pos;
    const size_t name_begin = pos;
    while (pos < ptx.size() && is_identifier_char(ptx[pos])) ++pos;
    if (ptx.substr(name_begin, pos - name_begin) != entry) continue;

    while (pos < ptx.size() && is_space(ptx[pos])) ++pos;
    if (pos < ptx.size() && ptx[pos] == '(') {
      // Parameter declarations (`.param .align 8 .b8 p[16]`) hold no parentheses of their own.
      pos = ptx.find(')', pos);
      if (pos == std::string_view::npos) return std::nullopt;
      ++pos;
    }
    const size_t end = ptx.find_first_of("{;", pos);
    if (end == std::string_view::npos) return std::nullopt;
    if (ptx[end] == ';') continue;  // a declaration: the definition may follow
    return DirectiveRegion{pos, end};
  }
  return std::nullopt;
}

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
  const std::optional<DirectiveRegion> found = find_entry(ptx, entry);
  if (!found) throw Error("PTX has no entry `" + std::string(entry) + "`");

  const bool sets_threads =
      hints.max_threads[0] != 0 || hints.max_threads[1] != 0 || hints.max_threads[2] != 0;
  const bool sets_blocks = hints.min_blocks_per_sm != 0;
  if (!sets_threads && !sets_blocks) return std::string(ptx);

  std::string region(ptx.substr(found->begin, found->body - found->begin));
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
  const char before_body = region.empty() ? ptx[found->begin - 1] : region.back();
  if (!missing.empty() && before_body != '\n') region += '\n';

  std::string result;
  result.reserve(ptx.size() + region.size() + missing.size());
  result.append(ptx.substr(0, found->begin));
  result.append(region);
  result.append(missing);
  result.append(ptx.substr(found->body));
  return result;
}

}  // namespace tiletune::detail
