#include "ranks/work_split.h"

#include <algorithm>

namespace tiletune::detail {

std::vector<int> launches_of_rank(int count, int rank, int size) {
  std::vector<int> mine;
  if (size <= 0) return mine;
  for (int first = 0; first < count; first += size) {
    const bool forward = (first / size) % 2 == 0;
    const int i = first + (forward ? rank : size - 1 - rank);
    if (i < count) mine.push_back(i);
  }
  return mine;
}

std::vector<int> retries_of_rank(const std::vector<int>& failed, const std::vector<int>& able,
                                 int rank) {
  std::vector<int> mine;
  const auto at = std::find(able.begin(), able.end(), rank);
  if (at == able.end()) return mine;
  const std::size_t position = static_cast<std::size_t>(at - able.begin());
  for (std::size_t j = position; j < failed.size(); j += able.size()) mine.push_back(failed[j]);
  return mine;
}

}  // namespace tiletune::detail
