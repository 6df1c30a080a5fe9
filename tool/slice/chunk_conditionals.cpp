#include "slice/chunk_conditionals.h"

#include "preprocess/resolved_conditionals.h"

#include <algorithm>

namespace tiletune::tool {

std::vector<std::pair<unsigned, unsigned>> partial_conditional_text(
    llvm::StringRef buffer, unsigned begin, unsigned end,
    const std::vector<std::pair<unsigned, unsigned>>& skipped) {
  const std::vector<ConditionalDirective> lines =
      conditional_directives(std::string_view(buffer.data() + begin, end - begin));
  // Each directive's group inside the chunk (its opening directive's index), or none: a group
  // opened before the chunk. The groups still open at the chunk's end go on after it.
  constexpr std::size_t kOutside = static_cast<std::size_t>(-1);
  std::vector<std::size_t> group(lines.size(), kOutside);
  std::vector<bool> closed(lines.size(), false);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& name = lines[i].name;
    if (name == "if" || name == "ifdef" || name == "ifndef") {
      open.push_back(i);
      group[i] = i;
    } else if (!open.empty()) {
      group[i] = open.back();
      if (name == "endif") {
        closed[open.back()] = true;
        open.pop_back();
      }
    }
  }
  std::vector<std::pair<unsigned, unsigned>> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (group[i] != kOutside && closed[group[i]]) continue;
    const unsigned line_begin = begin + static_cast<unsigned>(lines[i].begin);
    const unsigned line_end = begin + static_cast<unsigned>(lines[i].end);
    out.emplace_back(line_begin, line_end);
    // The branch this directive starts, where the preprocessor skipped it.
    for (const auto& [skip_begin, skip_end] : skipped)
      if (skip_begin >= line_begin && skip_begin < line_end)
        out.emplace_back(skip_begin, std::min(skip_end, end));
  }
  // One edit per place: a skipped branch holds the directive lines around it.
  std::sort(out.begin(), out.end());
  std::vector<std::pair<unsigned, unsigned>> merged;
  for (const auto& range : out)
    if (!merged.empty() && range.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, range.second);
    else
      merged.push_back(range);
  return merged;
}

}  // namespace tiletune::tool
