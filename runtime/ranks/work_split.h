// Which rank runs which of tune_ahead's launches (include/tiletune/all_gather.h): a rule every
// rank computes alike from numbers every rank has, so the ranks agree without a word.
#pragma once

#include <vector>

namespace tiletune::detail {

// Of `count` launches, those rank `rank` of `size` runs first: dealt out `size` at a time, each
// round in the other direction (ranks 0 to N-1, then N-1 to 0, ...), so that each runs count/size
// of them, give or take one, and the ranks' shares cost about the same where the launches grow
// with their index, as a warm-up over increasing shapes does. Dealt in one direction, the last
// rank gets the largest shape of every round: the cluster bench's 16 matmul sizes, whose tunings
// took 0.02 to 0.33 s each on an H200 (compiles cached), sum to 0.30 s on the first of 4 ranks and
// 0.55 s on the last; dealt to and fro, 0.37 to 0.47 s (2 ranks: 0.75 and 0.94; 0.85 and 0.84).
std::vector<int> launches_of_rank(int count, int rank, int size);

// Of the launches that failed in the first round (`failed`, ascending), those rank `rank` runs
// again: the j-th goes to able[j mod able.size()], `able` being the ranks (ascending) whose
// first-round launches all succeeded. None when `rank` is not able or none is.
std::vector<int> retries_of_rank(const std::vector<int>& failed, const std::vector<int>& able,
                                 int rank);

}  // namespace tiletune::detail
