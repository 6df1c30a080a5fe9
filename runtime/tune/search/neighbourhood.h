// "One value up or down along an axis": the configurations next to one, for a Cartesian space as
// for a list, which the sample strategy's local search steps between (and bench/search_replay
// replays).
#pragma once

#include <tiletune/space.h>

#include <cstddef>
#include <map>
#include <vector>

namespace tiletune::detail {

class Neighbourhood {
 public:
  explicit Neighbourhood(const Space& space);

  // The nearest configuration of the space on each side of `i` along each axis, the others
  // unchanged (skipping values the space leaves out there), as indices into the space.
  std::vector<std::size_t> of(std::size_t i) const;

 private:
  const std::vector<Config>& configs_;
  std::vector<std::vector<long long>> values_;           // each axis's values, in increasing order
  std::map<std::vector<long long>, std::size_t> index_;  // a configuration's position by value
};

}  // namespace tiletune::detail
