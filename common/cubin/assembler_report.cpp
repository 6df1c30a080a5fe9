#include "cubin/assembler_report.h"

#include <algorithm>
#include <charconv>

namespace tiletune::detail {
namespace {

// The number that ends just before `suffix` in `line` ("8 bytes spill stores"), or -1.
int number_before(std::string_view line, std::string_view suffix) {
  const size_t at = line.find(suffix);
  if (at == std::string_view::npos) return -1;
  size_t begin = at;
  while (begin > 0 && line[begin - 1] >= '0' && line[begin - 1] <= '9') --begin;
  int value = -1;
  std::from_chars(line.data() + begin, line.data() + at, value);
  return value;
}

}  // namespace

int spill_bytes_of(const std::string& info_log, std::string_view entry) {
  constexpr std::string_view kHeading = "Function properties for ";
  bool in_entry = false;
  int spills = -1;
  for (size_t begin = 0, end = 0; begin < info_log.size(); begin = end + 1) {
    end = std::min(info_log.find('\n', begin), info_log.size());
    const std::string_view line = std::string_view(info_log).substr(begin, end - begin);
    if (const size_t at = line.find(kHeading); at != std::string_view::npos) {
      // ptxas writes the name bare, nvJitLink quoted and followed by a colon.
      std::string_view name = line.substr(at + kHeading.size());
      while (!name.empty() && (name.back() == ':' || name.back() == '\'' || name.back() == ' '))
        name.remove_suffix(1);
      if (name.starts_with('\'')) name.remove_prefix(1);
      in_entry = name == entry;
      continue;
    }
    if (!in_entry) continue;
    const int stores = number_before(line, " bytes spill stores");
    const int loads = number_before(line, " bytes spill loads");
    if (stores >= 0 && loads >= 0) spills = stores + loads;
  }
  return spills;
}

}  // namespace tiletune::detail
