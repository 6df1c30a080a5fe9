#include "preprocess/line_splices.h"

namespace tiletune::tool {
namespace {

// The length of the splice that starts at `i` (a backslash), or 0 when none does.
std::size_t splice_length(std::string_view text, std::size_t i) {
  if (text[i] != '\\') return 0;
  std::size_t end = i + 1;
  while (end < text.size() &&
         (text[end] == ' ' || text[end] == '\t' || text[end] == '\f' || text[end] == '\v'))
    ++end;
  if (end == text.size()) return 0;
  if (text[end] == '\n') return end + 1 - i;
  if (text[end] != '\r') return 0;
  return end + 1 < text.size() && text[end + 1] == '\n' ? end + 2 - i : end + 1 - i;
}

}  // namespace

SplicedText remove_line_splices(std::string_view written) {
  SplicedText out;
  out.text.reserve(written.size());
  for (std::size_t i = 0; i < written.size();) {
    if (std::size_t const length = splice_length(written, i)) {
      out.splices.push_back(
          {static_cast<unsigned>(out.text.size()), static_cast<unsigned>(length)});
      i += length;
      continue;
    }
    out.text += written[i++];
  }
  return out;
}

unsigned unspliced_offset(const std::vector<LineSplice>& splices, unsigned offset, bool range_end) {
  unsigned shift = 0;
  for (const LineSplice& s : splices) {
    if (s.offset > offset || (range_end && s.offset == offset)) break;
    shift += s.length;
  }
  return offset + shift;
}

unsigned splices_before(const std::vector<LineSplice>& splices, unsigned offset) {
  unsigned count = 0;
  for (const LineSplice& s : splices)
    if (s.offset <= offset) ++count;
  return count;
}

}  // namespace tiletune::tool
