#include "compile/machine_code/ptx_entries.h"

#include <tiletune/error.h>

#include <algorithm>

namespace tiletune::detail {
namespace {

bool is_identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// One past the `}` matching the `{` at `open`, or npos. Braces inside comments do not count.
std::size_t matching_brace(std::string_view ptx, std::size_t open) {
  int depth = 0;
  for (std::size_t at = open; at < ptx.size(); ++at) {
    const char c = ptx[at];
    if (c == '/' && at + 1 < ptx.size() && ptx[at + 1] == '/') {
      at = ptx.find('\n', at);
      if (at == std::string_view::npos) return at;
    } else if (c == '/' && at + 1 < ptx.size() && ptx[at + 1] == '*') {
      at = ptx.find("*/", at + 2);
      if (at == std::string_view::npos) return at;
      ++at;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return at + 1;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::optional<EntrySpan> find_entry(std::string_view ptx, std::string_view name) {
  constexpr std::string_view keyword = ".entry";
  for (std::size_t at = ptx.find(keyword); at != std::string_view::npos;
       at = ptx.find(keyword, at + keyword.size())) {
    // `.entry` must be a directive of its own, not part of a longer word or a line comment.
    if (at > 0 && !is_space(ptx[at - 1])) continue;
    const std::size_t newline = ptx.rfind('\n', at);
    const std::size_t line_begin = newline == std::string_view::npos ? 0 : newline + 1;
    if (ptx.substr(line_begin, at - line_begin).find("//") != std::string_view::npos) continue;

    std::size_t pos = at + keyword.size();
    if (pos >= ptx.size() || !is_space(ptx[pos])) continue;
    while (pos < ptx.size() && is_space(ptx[pos])) ++pos;
    const std::size_t name_begin = pos;
    while (pos < ptx.size() && is_identifier_char(ptx[pos])) ++pos;
    if (ptx.substr(name_begin, pos - name_begin) != name) continue;

    while (pos < ptx.size() && is_space(ptx[pos])) ++pos;
    if (pos < ptx.size() && ptx[pos] == '(') {
      // Parameter declarations (`.param .align 8 .b8 p[16]`) hold no parentheses of their own.
      pos = ptx.find(')', pos);
      if (pos == std::string_view::npos) return std::nullopt;
      ++pos;
    }
    const std::size_t body = ptx.find_first_of("{;", pos);
    if (body == std::string_view::npos) return std::nullopt;
    if (ptx[body] == ';') continue;  // a declaration: the definition may follow
    const std::size_t end = matching_brace(ptx, body);
    if (end == std::string_view::npos) return std::nullopt;
    return EntrySpan{line_begin, pos, body, end};
  }
  return std::nullopt;
}

std::string without_entries(std::string_view ptx, const std::vector<std::string>& others) {
  std::vector<EntrySpan> spans;
  for (const std::string& name : others) {
    std::optional<EntrySpan> span = find_entry(ptx, name);
    if (!span) throw Error("PTX has no definition of entry `" + name + "` to leave out");
    spans.push_back(*span);
  }
  std::sort(spans.begin(), spans.end(),
            [](const EntrySpan& a, const EntrySpan& b) { return a.line_begin < b.line_begin; });
  std::string result;
  result.reserve(ptx.size());
  std::size_t kept = 0;
  for (const EntrySpan& span : spans) {
    if (span.line_begin < kept) continue;  // the same entry named twice
    result.append(ptx.substr(kept, span.line_begin - kept));
    kept = span.end;
    if (kept < ptx.size() && ptx[kept] == '\n') ++kept;
  }
  result.append(ptx.substr(kept));
  return result;
}

}  // namespace tiletune::detail
