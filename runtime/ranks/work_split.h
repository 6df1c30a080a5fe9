// Which rank runs which of tune_ahead's launches (include/tiletune/all_gather.h): a rule every
// rank computes alike from numbers every rank has, so the ranks agree without a word.
#pragma once

#include <vector>

namespace tiletune::detail {

// Of `count` launches, those rank `rank` of `size` runs first: i with i mod size == rank, so each
// runs count/size of them, give or take one.
std::vector<int> launches_of_rank(int count, int rank, int size);

// Of the launches that failed in the first round (`failed`, ascending), those rank `rank` runs
// again: the j-th goes to able[j mod able.size()], `able` being the ranks (ascending) whose
// first-round launches all succeeded. None when `rank` is not able or none is.
std::vector<int> retries_of_rank(const std::vector<int>& failed, const std::vector<int>& able,
                                 int rank);

}  // namespace tiletune::detail
